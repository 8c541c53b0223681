import { nanoquery, type CommonSettings, type FetcherStore, type KeyInput } from '@nanostores/query';
import { atom } from 'nanostores';
import type { MemberAnnouncement } from '../domain/admin/announcements.ts';
import type { BillingHistoryItem } from '../domain/billing/contract.ts';
import type { CancelQuoteData } from '../domain/billing/member-changes.ts';
import type { ProfileView, ReferralReply } from '../domain/profile-schemas.ts';
import type { UserdataRecord } from '../domain/userdata.ts';
import { showError } from '../stores/snackbar.ts';
import { api, errorKeyOf, statusOf } from './api.ts';
import type { SessionInfo, SessionReply } from '../domain/auth-schemas.ts';

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

/**
 * '' once the member-area island has confirmed the session (use-member-session), null before.
 * Member resources put it first in their key, so they are not asked for (and no 401 is shown)
 * until the page's route rule has let the member stay; '' adds nothing to the key's text.
 */
export const $memberConfirmed = atom<'' | null>(null);

/** A member-only resource: read once the session is confirmed, at `path`. */
function createMemberStore<T>(path: string, settings: { onError?: (error: unknown) => void; dedupeTime?: number } = {}) {
  return createFetcherStore<T>([$memberConfirmed, path], settings);
}

const showLoadError = (error: unknown) => showError(errorKeyOf(error));

/** My Page's announcements (the visible ones, newest first). */
export const $announcements = createFetcherStore<MemberAnnouncement[]>(['/v2/announcements']);

/** The member's charges and refunds, newest first (a failed read shows its own line, no snackbar). */
export const $billingHistory = createMemberStore<BillingHistoryItem[]>('/v2/billing-history');

/** The member's invitation link and what came of it (decision 22). */
export const $referral = createMemberStore<ReferralReply['data']>('/v2/referral', { onError: showLoadError });

/** The member's profile (/user-info-edit). */
export const $profile = createMemberStore<ProfileView>('/v2/profile', { onError: showLoadError });

/** The cancellation quote of each plan (spec §4), read afresh on every visit to the page. */
export const $cancelQuote = {
  kimini: createMemberStore<CancelQuoteData>('/v2/cancel/quote?plan_name=kimini', { dedupeTime: 0 }),
  esat: createMemberStore<CancelQuoteData>('/v2/cancel/quote?plan_name=esat', { dedupeTime: 0 }),
};

/** The member's records (My Page's user information). */
export const $userdata = createMemberStore<UserdataRecord[]>('/v2/userdata');

/** Reads a resource once (sharing a request under way) for code outside a component. */
export async function load<T>(store: { fetch(): Promise<{ data: T } | { error: unknown }> }): Promise<T> {
  const result = await store.fetch();
  if ('error' in result) throw result.error;
  return result.data;
}
