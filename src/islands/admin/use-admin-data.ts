import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../i18n/ja.ts';
import { errorKeyOf } from '../../lib/api.ts';
import { createFetcherStore } from '../../lib/fetcher.ts';

export interface AdminData<T> {
  data: T | undefined;
  /** The message for a failed load (shown in place of the content). */
  error: MessageKey | undefined;
  loading: boolean;
  reload(): void;
  /** Replaces the data with what a write answered (the announcements' updated list). */
  replace(data: T): void;
}

/** How long an answer counts as fresh for a reader that appears (see useAdminData). */
const FRESH_MS = 2_000;

/**
 * Loads `GET /api{path}` through the fetcher layer (path null: nothing yet). Each use reads
 * afresh when it appears (an operator expects the console to be current), readers of one path
 * share the request, and a newer path wins over a slower older answer. The last answer stays on
 * screen while another path loads, as a table does while it pages.
 *
 * An answer counts as fresh for `FRESH_MS` (not 0): the store starts its read when the component
 * first renders (useStore reads it) and gets its listener only when React commits, and the layer
 * reads again for every new listener once the answer is older than the de-duplication time; at 0
 * a section whose answer came back before the commit read it twice and drew its table one round
 * trip late (issue 27: /admin/members).
 */
export function useAdminData<T>(path: string | null): AdminData<T> {
  const [$path] = useState(() => atom<string | null>(path));
  const [$data] = useState(() => createFetcherStore<T>([$path], { dedupeTime: FRESH_MS }));
  useEffect(() => $path.set(path), [$path, path]);
  const value = useStore($data);
  const last = useRef<T | undefined>(undefined);
  if (value.data !== undefined) last.current = value.data;
  const reload = useCallback(() => $data.revalidate(), [$data]);
  const replace = useCallback((data: T) => $data.mutate(data), [$data]);
  return {
    data: value.data ?? last.current,
    error: value.error === undefined ? undefined : errorKeyOf(value.error),
    loading: value.loading,
    reload,
    replace,
  };
}

/**
 * Starts reading `GET /api{path}` before its reader exists (the console does so for the addressed
 * section while the section's script loads): a useAdminData of the same path that appears while
 * the read is under way, or within FRESH_MS of its answer, takes it instead of asking again.
 */
export function readAhead(path: string): void {
  const store = createFetcherStore<unknown>([path], { dedupeTime: FRESH_MS });
  const stop = store.listen((value) => {
    if (!value.loading && (value.data !== undefined || value.error !== undefined)) queueMicrotask(() => stop());
  });
}
