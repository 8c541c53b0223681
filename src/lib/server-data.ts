import { nanoquery } from '@nanostores/query';
import type { MemberAnnouncement } from '../domain/admin/announcements.ts';
import { api, statusOf } from './api.ts';
import type { SessionInfo, SessionReply } from '../domain/auth-schemas.ts';

/**
 * The browser's one fetcher layer for server resources (@nanostores/query): a resource is a
 * fetcher store keyed by its API path; islands that read the same one share the request and the
 * answer (de-duplicated), and `invalidateKeys` makes every reader load it again. No retries and
 * no refetch on focus: the pages decide when data changes (after their own writes).
 */
export const [createFetcherStore, createMutatorStore, { invalidateKeys, mutateCache }] = nanoquery({
  fetcher: async (...parts) => (await api<{ data: unknown }>(parts.join(''))).data,
  dedupeTime: 60_000,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

/** The signed-in account, or null for a visitor (401 is an answer, not a failure). */
export const $session = createFetcherStore<SessionInfo | null>(['/auth/session'], {
  fetcher: async () => {
    try {
      return (await api<SessionReply>('/auth/session')).data;
    } catch (error) {
      if (statusOf(error) === 401) return null;
      throw error;
    }
  },
});

/** My Page's announcements (the visible ones, newest first). */
export const $announcements = createFetcherStore<MemberAnnouncement[]>(['/v2/announcements']);

/** Reads a resource once (sharing a request under way) for code outside a component. */
export async function load<T>(store: { fetch(): Promise<{ data: T } | { error: unknown }> }): Promise<T> {
  const result = await store.fetch();
  if ('error' in result) throw result.error;
  return result.data;
}
