import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { t } from '../../../i18n/ja.ts';
import { api } from '../../../lib/api.ts';
import type * as ApiModule from '../../../lib/api.ts';
import { $canFetch } from '../../../lib/fetcher.ts';
import { $card, $cardQuery } from '../../../stores/card.ts';
import { CardSection } from './CardSection.tsx';

const visa = { card_name: 'HANAKO YAMADA', card_number: '4242', card_exp: '12/28', card_brand: 'visa' };

vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof ApiModule>()), api: vi.fn() }));

// The card is kept read (one answer, then no more requests), and each case puts its state in the store.
let stopReading: () => void;
beforeAll(async () => {
  $canFetch.set(''); // as in a browser
  vi.mocked(api).mockResolvedValue({ status: 'success', data: null });
  stopReading = $card.listen(() => undefined);
  await $cardQuery.get().promise;
});
afterAll(() => stopReading());

type CardState = { status: 'ready'; card: typeof visa | null } | { status: 'idle' | 'failed'; card: null };

const render = (state: CardState, disabled = false) => {
  $cardQuery.set(state.status === 'ready' ? { loading: false, data: state.card } : state.status === 'failed' ? { loading: false, error: new Error('failed') } : { loading: true });
  return renderToString(createElement(CardSection, { disabled }));
};

const buttonNamed = (html: string, label: string) => new RegExp(`<button[^>]*>${label}</button>`).exec(html)?.[0];


/** The server-rendered HTML of the section (Astro renders islands like this before hydration). */
describe('CardSection as the server renders it', () => {
  it('shows the registered card: holder, last four digits, expiry and brand, and offers to change it', () => {
    const html = render({ status: 'ready', card: visa });
    expect(html).toMatch(/<h2[^>]*>お支払いカード<\/h2>/);
    expect(html).toContain('HANAKO YAMADA');
    expect(html).toMatch(/••••.*4242/);
    expect(html).toContain(t('card.endsWith'));
    expect(html).toContain('12/28');
    expect(html).toContain('<title');
    expect(html).toMatch(/<title[^>]*>Visa<\/title>/);
    expect(buttonNamed(html, t('card.change'))).not.toContain('disabled=""');
    expect(html).not.toContain(t('card.none'));
  });

  it('says there is no card yet and offers to register one', () => {
    const html = render({ status: 'ready', card: null });
    expect(html).toContain(t('card.none'));
    expect(buttonNamed(html, t('card.register'))).toBeDefined();
    expect(buttonNamed(html, t('card.register'))).not.toContain('disabled=""');
  });

  it('shows a plain card for a brand it has no badge for', () => {
    const html = render({ status: 'ready', card: { ...visa, card_brand: 'unionpay' } });
    expect(html).toMatch(new RegExp(`<title[^>]*>${t('card.brand.generic')}</title>`));
  });

  it('cannot be edited until an address is selected, and says why', () => {
    const html = render({ status: 'ready', card: visa }, true);
    expect(html).toContain(t('card.needAddress'));
    const button = buttonNamed(html, t('card.change'));
    expect(button).toContain('disabled=""');
    const noteId = /<p id="([^"]+)"[^>]*>お届け先を選ぶと/.exec(html)?.[1];
    expect(button).toContain(`aria-describedby="${noteId}"`);
  });

  it('shows loading before the card arrives, and a retry when it could not be read', () => {
    const loading = render({ status: 'idle', card: null });
    expect(loading).toContain(t('common.loading'));
    expect(buttonNamed(loading, t('card.register'))).toBeUndefined();
    const failed = render({ status: 'failed', card: null });
    expect(failed).toContain(t('card.loadFailed'));
    expect(buttonNamed(failed, t('card.retry'))).toBeDefined();
  });

  it('has no inline style attribute in any state (the CSP forbids them in server-rendered HTML)', () => {
    const states: CardState[] = [
      { status: 'idle', card: null },
      { status: 'ready', card: null },
      { status: 'ready', card: visa },
      { status: 'failed', card: null },
    ];
    for (const state of states) {
      expect(render(state)).not.toMatch(/\sstyle="/);
      expect(render(state, true)).not.toMatch(/\sstyle="/);
    }
  });
});
