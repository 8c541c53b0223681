import { FetchError } from 'ofetch';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import type * as ApiModule from '../lib/api.ts';
import { $canFetch } from '../lib/fetcher.ts';
import { $card, $cardQuery, cardErrorKey, loadCard, saveCard } from './card.ts';
import { $snackbar, hideMessage } from './snackbar.ts';

vi.mock('../lib/api.ts', async (original) => ({ ...(await original<typeof ApiModule>()), api: vi.fn() }));

/** A failed call as ofetch reports it: with the server's answer, or none (the network). */
function failure(status?: number, code?: string): FetchError {
  const error = new FetchError('failed');
  if (status !== undefined) Object.assign(error, { response: new Response(null, { status }), data: { status: 'error', code } });
  return error;
}

const card = { card_name: 'HANAKO YAMADA', card_number: '4242', card_exp: '12/28', card_brand: 'visa' };

// The card is read as a page reads it: a reader keeps the store, the first read answers no card.
let stopReading: () => void;
beforeAll(async () => {
  $canFetch.set(''); // as in a browser
  vi.mocked(api).mockResolvedValueOnce({ status: 'success', data: null });
  stopReading = $card.listen(() => undefined);
  await $cardQuery.get().promise;
});
afterAll(() => stopReading());

afterEach(() => {
  hideMessage();
  vi.mocked(api).mockReset();
});

describe('the message for a card that could not be saved (spec §8: cardRegistrationError)', () => {
  it.each<[string, unknown, string]>([
    ['the bank refused the card', failure(422, 'cardRegistrationError'), 'cardRegistrationError'],
    ['the local gateway refused to tokenise it', failure(400, 'cardRegistrationError'), 'cardRegistrationError'],
    ['Stripe.js refused to tokenise it', new Error('card_declined'), 'cardRegistrationError'],
    ['the server failed', failure(500, 'internal'), 'cardRegistrationError'],
    ['the connection failed', failure(), 'networkError'],
    ['the session ended', failure(401, 'unauthorized'), 'unauthorized'],
    ['no address is selected', failure(422, 'addressRequired'), 'addressRequired'],
    ['too many tries', failure(429, 'tooManyRequests'), 'tooManyRequests'],
  ])('%s: %s', (_case, error, key) => {
    expect(cardErrorKey(error)).toBe(key);
  });
});

describe('the card store', () => {
  it('holds the card the server has, or null', async () => {
    vi.mocked(api).mockResolvedValueOnce({ status: 'success', data: card });
    await loadCard();
    expect($card.get()).toEqual({ status: 'ready', card });
    vi.mocked(api).mockResolvedValueOnce({ status: 'success', data: null });
    await loadCard();
    expect($card.get()).toEqual({ status: 'ready', card: null });
  });

  it('counts a failed read as no card, and says why', async () => {
    vi.mocked(api).mockRejectedValueOnce(failure());
    await loadCard();
    expect($card.get()).toEqual({ status: 'failed', card: null });
    expect($snackbar.get()).toMatchObject({ kind: 'error', key: 'networkError' });
  });

  it('keeps a saved card (the token and the name go to the API, nothing else)', async () => {
    const saved = { ...card, card_number: '0005', card_brand: 'amex' };
    vi.mocked(api).mockResolvedValueOnce({ status: 'success', data: saved });
    expect(await saveCard('pm_local_123456', 'HANAKO YAMADA')).toEqual(saved);
    expect(api).toHaveBeenCalledWith('/v2/card', { method: 'POST', body: { token: 'pm_local_123456', name: 'HANAKO YAMADA' } });
    expect($card.get()).toEqual({ status: 'ready', card: saved });
  });

  it('keeps the old card when saving fails, and shows cardRegistrationError', async () => {
    $cardQuery.set({ loading: false, data: card });
    vi.mocked(api).mockRejectedValueOnce(failure(422, 'cardRegistrationError'));
    expect(await saveCard('pm_local_declined', 'HANAKO YAMADA')).toBeNull();
    expect($card.get()).toEqual({ status: 'ready', card });
    expect($snackbar.get()).toMatchObject({ kind: 'error', key: 'cardRegistrationError' });
  });
});
