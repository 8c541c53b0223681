import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedAddress } from '../../../../tests/support/factories.ts';
import type { StoredAddress } from '../../../domain/address-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { api } from '../../../lib/api.ts';
import type * as ApiModule from '../../../lib/api.ts';
import { $canFetch } from '../../../lib/fetcher.ts';
import { $addressBook, $addressesQuery } from '../../../stores/addresses.ts';
import { AddressBook } from './AddressBook.tsx';

const address = (id: string, line: string, building: string | null = null): StoredAddress => storedAddress({ id, address_line: line, address_line2: building });

const render = (disabled = false) => renderToString(createElement(AddressBook, { disabled }));

vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof ApiModule>()), api: vi.fn() }));

// The book is kept read (one answer, then no more requests), and each case puts its state in the store.
let stopReading: () => void;
beforeAll(async () => {
  $canFetch.set(''); // as in a browser
  vi.mocked(api).mockResolvedValue({ status: 'success', data: [], selected_address: null });
  stopReading = $addressBook.listen(() => undefined);
  await $addressesQuery.get().promise;
});
afterAll(() => stopReading());

const show = (addresses: StoredAddress[], selectedId: string | null) => $addressesQuery.set({ loading: false, data: { addresses, selectedId } });

/** The server-rendered HTML of the book (Astro renders islands like this before hydration). */
describe('AddressBook as the server renders it', () => {
  it('lists the addresses as native radios, the selected one checked and not deletable', () => {
    show([address('a', '銀座1-23-456', 'ミュージオビル'), address('b', '銀座2-1-1')], 'a');
    const html = render();
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).toContain('〒104-0061');
    expect(html).toContain('東京都中央区銀座1-23-456 ミュージオビル');
    expect(html).toContain(t('address.selectedCannotDelete'));
    expect(html.match(/<button[^>]*disabled=""[^>]*>削除<\/button>/g)).toHaveLength(1);
    expect(html).not.toContain(t('address.noneSelected'));
  });

  it('warns when addresses exist but none is selected', () => {
    show([address('a', '銀座1-23-456')], null);
    expect(render()).toContain(t('address.noneSelected'));
  });

  it('says so and disables every control until a plan is chosen', () => {
    show([address('a', '銀座1-23-456')], 'a');
    const html = render(true);
    expect(html).toContain(t('address.disabled'));
    expect(html).toMatch(/<fieldset[^>]*disabled=""/);
  });

  it('shows an empty book with the add button, and loading before the list arrives', () => {
    show([], null);
    expect(render()).toContain(t('address.empty'));
    expect(render()).toContain(t('address.add'));
    $addressesQuery.set({ loading: true });
    expect(render()).toContain(t('common.loading'));
  });

  it('has no inline style attribute (the CSP forbids them in server-rendered HTML)', () => {
    show([address('a', '銀座1-23-456')], 'a');
    expect(render()).not.toMatch(/\sstyle="/);
    expect(render(true)).not.toMatch(/\sstyle="/);
  });
});
