import { nanoquery, type CommonSettings, type FetcherStore, type KeyInput } from '@nanostores/query';
import { atom } from 'nanostores';
import { api } from './api.ts';

/**
 * The browser's one fetcher layer for server resources (@nanostores/query): a resource is a
 * fetcher store keyed by its API path; islands that read the same one share the request and the
 * answer (de-duplicated), and a write either puts the server's answer in the cache
 * (`mutateCache`) or has every reader load the key again (`revalidateKeys` keeps the old answer
 * on screen meanwhile; `invalidateKeys` drops it). No retries and no refetch on focus: the pages
 * decide when data changes (after their own writes). Answers never expire by age: a cache entry
 * that expired inside the de-duplication window would be handed out as `undefined`.
 */
const [createQueryStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: async (...parts) => (await api<{ data: unknown }>(parts.join(''))).data,
  dedupeTime: 60_000,
  cacheLifetime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

export { createMutatorStore, invalidateKeys, revalidateKeys, mutateCache };

/**
 * '' in a browser, null while Astro renders the islands at build time: every resource puts it
 * first in its key, so the build asks no server (one build renders many pages in one process,
 * and a failed read cached by one page would render as "failed" on the next, a hydration
 * mismatch). '' adds nothing to the key's text. Tests that read resources in Node set it.
 */
export const $canFetch = atom<'' | null>(typeof document === 'undefined' ? null : '');

/** A resource store of the fetcher layer: `key` is its API path (with key stores, joined). */
export function createFetcherStore<T>(key: KeyInput, settings?: CommonSettings<T>): FetcherStore<T> {
  return createQueryStore<T>([$canFetch, ...(Array.isArray(key) ? key : [key])], settings);
}

/** What an island shows for a resource: not asked yet, under way, read (kept during a re-read), or failed. */
export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The status of a fetcher store's value (data read earlier stays `ready` while it is read again). */
export function statusOfResource(value: { data?: unknown; error?: unknown; loading: boolean }): ResourceStatus {
  if (value.loading) return value.data === undefined ? 'loading' : 'ready';
  if (value.error !== undefined) return 'failed';
  return value.data === undefined ? 'idle' : 'ready';
}

/**
 * Has every reader of `store` load it again, and waits for the answer. A read already under way
 * is waited for first: it may have started before the caller's write, and the layer would fold a
 * second request into it.
 */
export async function readAgain<T>(store: FetcherStore<T>): Promise<void> {
  await store.get().promise?.catch(() => undefined);
  store.revalidate();
  await store.get().promise?.catch(() => undefined);
}
