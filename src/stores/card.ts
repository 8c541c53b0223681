import { atom, map } from 'nanostores';
import type { RetrySummary } from '../domain/billing/contract.ts';
import type { CardReply, SavedCardReply, StoredCard } from '../domain/card-schemas.ts';
import type { MessageKey } from '../i18n/ja.ts';
import { api, errorKeyOf } from '../lib/api.ts';
import { showError } from './snackbar.ts';

/** The card contract (src/domain/card-schemas.ts), shared with the handler. */
export type { StoredCard };

/**
 * The card as the server last said it. Registration and My Page (/payment-card) share it, so a
 * card saved in one shows in the other. A failed read leaves no card (spec: null on failure).
 */
export interface CardState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  card: StoredCard | null;
}

export const $card = map<CardState>({ status: 'idle', card: null });

let loading: Promise<void> | undefined;

/** Reads the card from the server; concurrent callers share one request. */
export function loadCard(): Promise<void> {
  loading ??= (async () => {
    if ($card.get().status !== 'ready') $card.setKey('status', 'loading');
    try {
      const reply = await api<CardReply>('/v2/card');
      $card.set({ status: 'ready', card: reply.data });
    } catch (error) {
      $card.set({ status: 'failed', card: null });
      showError(errorKeyOf(error));
    } finally {
      loading = undefined;
    }
  })();
  return loading;
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

/** The last card saved in this tab, and what became of the past-due charges it paid at once (decision 14). */
export const $cardSaved = atom<{ at: number; billing: RetrySummary | null } | null>(null);

/** Saves the card the provider tokenised; the saved card, or null once the error is shown. */
export async function saveCard(token: string, name: string): Promise<StoredCard | null> {
  try {
    const reply = await api<SavedCardReply>('/v2/card', { method: 'POST', body: { token, name } });
    $cardSaved.set({ at: Date.now(), billing: reply.billing ?? null });
    // A read still under way would answer with the old card: this answer is newer.
    await loading;
    $card.set({ status: 'ready', card: reply.data });
    return reply.data;
  } catch (error) {
    showCardError(error);
    return null;
  }
}
