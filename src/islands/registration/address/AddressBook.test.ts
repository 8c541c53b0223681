import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { storedAddress } from '../../../../tests/support/factories.ts';
import type { StoredAddress } from '../../../domain/address-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { $addressBook } from '../../../stores/addresses.ts';
import { AddressBook } from './AddressBook.tsx';

const address = (id: string, line: string, building: string | null = null): StoredAddress => storedAddress({ id, address_line: line, address_line2: building });

const render = (disabled = false) => renderToString(createElement(AddressBook, { disabled }));

afterEach(() => $addressBook.set({ status: 'idle', addresses: [], selectedId: null }));

/** The server-rendered HTML of the book (Astro renders islands like this before hydration). */
describe('AddressBook as the server renders it', () => {
  it('lists the addresses as native radios, the selected one checked and not deletable', () => {
    $addressBook.set({ status: 'ready', addresses: [address('a', '銀座1-23-456', 'ミュージオビル'), address('b', '銀座2-1-1')], selectedId: 'a' });
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
    $addressBook.set({ status: 'ready', addresses: [address('a', '銀座1-23-456')], selectedId: null });
    expect(render()).toContain(t('address.noneSelected'));
  });

  it('says so and disables every control until a plan is chosen', () => {
    $addressBook.set({ status: 'ready', addresses: [address('a', '銀座1-23-456')], selectedId: 'a' });
    const html = render(true);
    expect(html).toContain(t('address.disabled'));
    expect(html).toMatch(/<fieldset[^>]*disabled=""/);
  });

  it('shows an empty book with the add button, and loading before the list arrives', () => {
    $addressBook.set({ status: 'ready', addresses: [], selectedId: null });
    expect(render()).toContain(t('address.empty'));
    expect(render()).toContain(t('address.add'));
    $addressBook.set({ status: 'idle', addresses: [], selectedId: null });
    expect(render()).toContain(t('common.loading'));
  });

  it('has no inline style attribute (the CSP forbids them in server-rendered HTML)', () => {
    $addressBook.set({ status: 'ready', addresses: [address('a', '銀座1-23-456')], selectedId: 'a' });
    expect(render()).not.toMatch(/\sstyle="/);
    expect(render(true)).not.toMatch(/\sstyle="/);
  });
});
