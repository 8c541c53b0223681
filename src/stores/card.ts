import { atom, computed } from 'nanostores';
import type { RetrySummary } from '../domain/billing/contract.ts';
import type { CardReply, SavedCardReply, StoredCard } from '../domain/card-schemas.ts';
import type { MessageKey } from '../i18n/ja.ts';
import { api, errorKeyOf } from '../lib/api.ts';
import { createFetcherStore, mutateCache, readAgain, statusOfResource, type ResourceStatus } from '../lib/fetcher.ts';
import { showError } from './snackbar.ts';

/** The card contract (src/domain/card-schemas.ts), shared with the handler. */
export type { StoredCard };

const KEY = '/v2/card';

/** The card through the fetcher layer (one request for every reader); null when there is none. */
export const $cardQuery = createFetcherStore<StoredCard | null>([KEY], {
  fetcher: async () => (await api<CardReply>(KEY)).data,
  onError: (error) => showError(errorKeyOf(error)),
});

/**
 * The card as the server last said it. Registration and My Page (/payment-card) share it, so a
 * card saved in one shows in the other. A failed read leaves no card (spec: null on failure).
 */
export interface CardState {
  status: ResourceStatus;
  card: StoredCard | null;
}

export const $card = computed($cardQuery, (value): CardState => {
  const status = statusOfResource(value);
  return { status, card: status === 'failed' ? null : (value.data ?? null) };
});

/** Reads the card again (the retry button). */
export function loadCard(): Promise<void> {
  return readAgain($cardQuery);
}

// Failures that say nothing about the card keep their own message: the person can act on them.
const notAboutTheCard = new Set<MessageKey>(['networkError', 'unauthorized', 'crossSiteRequest', 'tooManyRequests', 'addressRequired']);

/**
 * The message for a card that could not be saved (spec §8: cardRegistrationError), whether the
 * provider refused to tokenise it, the bank refused it, or the save failed, unless the cause is
 * the connection, the session, the rate limit or a missing address.
 */
export function cardErrorKey(error: unknown): MessageKey {
  const key = errorKeyOf(error);
  return notAboutTheCard.has(key) ? key : 'cardRegistrationError';
}

export function showCardError(error: unknown): void {
  showError(cardErrorKey(error));
}

/** The last card saved in this tab, and what became of the past-due charges it paid at once (product decision 14). */
export const $cardSaved = atom<{ at: number; billing: RetrySummary | null } | null>(null);

/** Saves the card the provider tokenised; the saved card, or null once the error is shown. */
export async function saveCard(token: string, name: string): Promise<StoredCard | null> {
  try {
    const reply = await api<SavedCardReply>('/v2/card', { method: 'POST', body: { token, name } });
    $cardSaved.set({ at: Date.now(), billing: reply.billing ?? null });
    // A read still under way would answer with the old card: this answer is newer.
    await $cardQuery.get().promise?.catch(() => undefined);
    mutateCache(KEY, reply.data);
    return reply.data;
  } catch (error) {
    showCardError(error);
    return null;
  }
}
