import { useCallback, useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';

export interface AdminData<T> {
  data: T | undefined;
  /** The message for a failed load (shown in place of the content). */
  error: MessageKey | undefined;
  loading: boolean;
  reload(): void;
  /** Replaces the data with what a write answered (the announcements' updated list). */
  replace(data: T): void;
}

/** Loads `GET /api{path}` (path null: nothing yet); a newer path wins over a slower older answer. */
export function useAdminData<T>(path: string | null): AdminData<T> {
  const [state, setState] = useState<{ path: string | null; data?: T; error?: MessageKey; loading: boolean }>({ path, loading: path !== null });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let active = true;
    setState((previous) => ({ ...previous, path, loading: true, error: undefined }));
    api<{ data: T }>(path).then(
      (reply) => active && setState({ path, data: reply.data, loading: false }),
      (error: unknown) => active && setState((previous) => ({ ...previous, path, loading: false, error: errorKeyOf(error) })),
    );
    return () => {
      active = false;
    };
  }, [path, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((data: T) => setState((previous) => ({ ...previous, data, error: undefined, loading: false })), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, replace };
}
