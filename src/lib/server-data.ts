import { atom } from 'nanostores';
import type { MemberAnnouncement } from '../domain/admin/announcements.ts';
import type { SessionInfo, SessionReply } from '../domain/auth-schemas.ts';
import type { BillingHistoryItem } from '../domain/billing/contract.ts';
import type { CancelQuoteData } from '../domain/billing/plan-changes.ts';
import type { ProfileView, ReferralReply } from '../domain/profile-schemas.ts';
import type { UserdataRecord } from '../domain/userdata.ts';
import { showError } from '../stores/snackbar.ts';
import { api, errorKeyOf, statusOf } from './api.ts';
import { createFetcherStore } from './fetcher.ts';

/**
 * The session and the member's own resources as fetcher stores of the one fetcher layer
 * (src/lib/fetcher.ts); the resources islands share with writes of their own (address book, card,
 * subscriptions, catalogue) live in src/stores.
 */

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

/** The member's invitation link and what came of it (product decision 22). */
export const $referral = createMemberStore<ReferralReply['data']>('/v2/referral', { onError: showLoadError });

/** The member's profile (/user-info-edit). */
export const $profile = createMemberStore<ProfileView>('/v2/profile', { onError: showLoadError });

/**
 * The cancellation quote of each plan (spec §4), read afresh on every visit to the page (each visit
 * is a page load). Fresh for 2 s, not 0: at 0 an answer that came between React's render (which
 * starts the read) and its commit (which adds the listener) was read a second time.
 */
export const $cancelQuote = {
  kimini: createMemberStore<CancelQuoteData>('/v2/cancel/quote?plan_name=kimini', { dedupeTime: 2_000 }),
  esat: createMemberStore<CancelQuoteData>('/v2/cancel/quote?plan_name=esat', { dedupeTime: 2_000 }),
};

/** The member's records (My Page's user information). */
export const $userdata = createMemberStore<UserdataRecord[]>('/v2/userdata');

/** Reads a resource once (sharing a request under way) for code outside a component. */
export async function load<T>(store: { fetch(): Promise<{ data: T } | { error: unknown }> }): Promise<T> {
  const result = await store.fetch();
  if ('error' in result) throw result.error;
  return result.data;
}
