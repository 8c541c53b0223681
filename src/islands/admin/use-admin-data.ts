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

/**
 * Loads `GET /api{path}` through the fetcher layer (path null: nothing yet). Each use reads
 * afresh when it appears (dedupeTime 0: an operator expects the console to be current), readers
 * of one path share the request, and a newer path wins over a slower older answer. The last
 * answer stays on screen while another path loads, as a table does while it pages.
 */
export function useAdminData<T>(path: string | null): AdminData<T> {
  const [$path] = useState(() => atom<string | null>(path));
  const [$data] = useState(() => createFetcherStore<T>([$path], { dedupeTime: 0 }));
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
