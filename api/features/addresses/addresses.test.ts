import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, type AddressList, type StoredAddress } from '../../../src/domain/address-schemas.ts';
import { createBrowser, signUpIn, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

const payload = {
  lastName: '山田',
  firstName: '花子',
  romanizedLastName: 'Yamada',
  romanizedFirstName: 'Hanako',
  addressZip: '1040061',
  addressState: '東京都',
  addressCity: '中央区',
  addressDetails: '銀座1-23-456',
  buildingName: '',
  phoneNumber: '090-1234-5678',
};

async function member(): Promise<TestBrowser> {
  const browser = createBrowser(app);
  await signUpIn(browser);
  return browser;
}

/** One member for the checks that change nothing (signing up costs a password hash). */
let validating: Promise<TestBrowser> | undefined;
const validatingMember = () => (validating ??= member());

async function add(browser: TestBrowser, change: Record<string, unknown> = {}): Promise<StoredAddress> {
  const response = await browser.post('/api/v2/addresses', { ...payload, ...change });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: StoredAddress }).data;
}

async function book(browser: TestBrowser): Promise<AddressList> {
  const response = await browser.get('/api/v2/addresses');
  expect(response.status).toBe(200);
  return (await response.json()) as AddressList;
}

const put = (browser: TestBrowser, id: string, json: unknown) => browser.request(`/api/v2/addresses/${id}`, { method: 'PUT', json });
const remove = (browser: TestBrowser, id: string) => browser.request(`/api/v2/addresses/${id}`, { method: 'DELETE' });
const select = (browser: TestBrowser, id: unknown) => browser.post('/api/v2/select-address', { id });

describe('adding and listing', () => {
  it('stores the normalised address and answers the stored shape', async () => {
    const browser = await member();
    const stored = await add(browser, { addressZip: '１０４ー００６１', phoneNumber: '０９０１２３４５６７８', buildingName: '  ' });
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      last_name: '山田',
      first_name: '花子',
      furigana_sei: 'Yamada',
      furigana_mei: 'Hanako',
      address_zip: '104-0061',
      address_state: '東京都',
      address_city: '中央区',
      address_line: '銀座1-23-456',
      address_line2: null,
      phone: '09012345678',
    });
  });

  it('selects the first address a member adds, and not the next ones', async () => {
    const browser = await member();
    expect(await book(browser)).toEqual({ status: 'success', data: [], selected_address: null });
    const first = await add(browser);
    const second = await add(browser, { buildingName: 'ミュージオビル 3F' });
    const list = await book(browser);
    expect(list.data.map((address) => address.id)).toEqual([first.id, second.id]);
    expect(list.selected_address).toEqual(first);
    expect(list.data[1]!.address_line2).toBe('ミュージオビル 3F');
  });

  it(`keeps at most ${ADDRESS_LIMIT} addresses per member (422)`, async () => {
    const browser = await member();
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) await add(browser, { addressDetails: `銀座${i + 1}` });
    const refused = await browser.post('/api/v2/addresses', payload);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ status: 'error', code: 'addressLimitReached' });
    expect((await book(browser)).data).toHaveLength(ADDRESS_LIMIT);
    // Deleting one makes room again.
    const last = (await book(browser)).data.at(-1)!;
    expect((await remove(browser, last.id)).status).toBe(200);
    await add(browser);
  });
});

describe('validation (spec §5), the same rules as the form', () => {
  it.each([
    ['lastName', { lastName: '' }, 'thisFieldIsRequired'],
    ['firstName', { firstName: '   ' }, 'thisFieldIsRequired'],
    ['romanizedLastName', { romanizedLastName: '' }, 'thisFieldIsRequired'],
    ['romanizedFirstName', { romanizedFirstName: undefined }, 'thisFieldIsRequired'],
    ['addressZip', { addressZip: '' }, 'thisFieldIsRequired'],
    ['addressState', { addressState: '' }, 'thisFieldIsRequired'],
    ['addressCity', { addressCity: '' }, 'thisFieldIsRequired'],
    ['addressDetails', { addressDetails: '' }, 'thisFieldIsRequired'],
    ['phoneNumber', { phoneNumber: '' }, 'thisFieldIsRequired'],
    ['lastName', { lastName: '山'.repeat(51) }, 'tooLong'],
    ['addressCity', { addressCity: '市'.repeat(101) }, 'tooLong'],
    ['addressDetails', { addressDetails: '1'.repeat(101) }, 'tooLong'],
    ['buildingName', { buildingName: 'ビ'.repeat(101) }, 'tooLong'],
    ['addressState', { addressState: 'Tokyo' }, 'badRequest'],
    ['addressZip', { addressZip: '123-456' }, 'invalidPostalCode'],
    ['addressZip', { addressZip: '1234-567' }, 'invalidPostalCode'],
    ['phoneNumber', { phoneNumber: '03-1234-567' }, 'invalidPhoneNumber'],
    ['phoneNumber', { phoneNumber: '090-abcd-5678' }, 'invalidPhoneNumber'],
    ['romanizedLastName', { romanizedLastName: 'やまだ' }, 'invalidRomanizedName'],
    ['romanizedFirstName', { romanizedFirstName: 'Mary--Ann' }, 'invalidRomanizedName'],
    ['romanizedFirstName', { romanizedFirstName: 'a'.repeat(51) }, 'invalidRomanizedName'],
  ])('answers 400 naming %s (%j)', async (path, change, code) => {
    const browser = await validatingMember();
    const response = await browser.post('/api/v2/addresses', { ...payload, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', code });
    expect(body.issues).toEqual([{ path, code }]);
  });

  it('validates an edit the same way', async () => {
    const browser = await member();
    const stored = await add(browser);
    const response = await put(browser, stored.id, { ...payload, phoneNumber: '12' });
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path: 'phoneNumber', code: 'invalidPhoneNumber' }]);
  });

  it('accepts the examples the form shows (123-4567, 1234-56-7890)', async () => {
    const stored = await add(await validatingMember(), { addressZip: '123-4567', phoneNumber: '1234-56-7890' });
    expect([stored.address_zip, stored.phone]).toEqual(['123-4567', '1234-56-7890']);
  });
});

describe('editing, selecting and deleting', () => {
  it('edits an address and keeps the selection', async () => {
    const browser = await member();
    const stored = await add(browser);
    const response = await put(browser, stored.id, { ...payload, addressDetails: '銀座2-1-1', buildingName: '銀座ビル' });
    expect(response.status).toBe(200);
    const edited = ((await response.json()) as { data: StoredAddress }).data;
    expect(edited).toEqual({ ...stored, address_line: '銀座2-1-1', address_line2: '銀座ビル' });
    expect((await book(browser)).selected_address).toEqual(edited);
  });

  it('refuses to delete (409) or re-select (409) the selected address', async () => {
    const browser = await member();
    const selected = await add(browser);
    const deleting = await remove(browser, selected.id);
    expect(deleting.status).toBe(409);
    expect(await deleting.json()).toEqual({ status: 'error', code: 'selectedAddressLocked' });
    const reselecting = await select(browser, selected.id);
    expect(reselecting.status).toBe(409);
    expect(await reselecting.json()).toEqual({ status: 'error', code: 'addressAlreadySelected' });
    expect((await book(browser)).data).toHaveLength(1);
  });

  it('compares ids canonically: the selected address in upper case is still the selected address', async () => {
    const browser = await member();
    const selected = await add(browser);
    const other = await add(browser);
    const upper = selected.id.toUpperCase();
    const deleting = await remove(browser, upper);
    expect([deleting.status, (await deleting.json()).code]).toEqual([409, 'selectedAddressLocked']);
    const reselecting = await select(browser, ` ${upper} `);
    expect([reselecting.status, (await reselecting.json()).code]).toEqual([409, 'addressAlreadySelected']);
    expect((await book(browser)).data).toHaveLength(2);
    // Upper case names the same record everywhere else too.
    expect((await put(browser, other.id.toUpperCase(), { ...payload, lastName: '佐藤' })).status).toBe(200);
    expect((await select(browser, other.id.toUpperCase())).status).toBe(200);
    expect((await remove(browser, upper)).status).toBe(200);
    expect(await book(browser)).toMatchObject({ data: [{ id: other.id, last_name: '佐藤' }], selected_address: { id: other.id } });
  });

  it('deletes an address that is not selected', async () => {
    const browser = await member();
    const selected = await add(browser);
    const other = await add(browser);
    const response = await remove(browser, other.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    expect(await book(browser)).toEqual({ status: 'success', data: [selected], selected_address: selected });
  });

  it('selects another address, after which the old one can be deleted', async () => {
    const browser = await member();
    const old = await add(browser);
    const other = await add(browser);
    const response = await select(browser, other.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    expect((await book(browser)).selected_address).toEqual(other);
    expect((await remove(browser, old.id)).status).toBe(200);
    expect(await book(browser)).toEqual({ status: 'success', data: [other], selected_address: other });
  });

  it('asks for the id to select (400)', async () => {
    const response = await select(await validatingMember(), '');
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path: 'id', code: 'thisFieldIsRequired' }]);
  });
});

describe('access', () => {
  it('needs a signed-in member for every call (401)', async () => {
    const anonymous = createBrowser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    const responses = await Promise.all([
      anonymous.get('/api/v2/addresses'),
      anonymous.post('/api/v2/addresses', payload),
      put(anonymous, id, payload),
      remove(anonymous, id),
      select(anonymous, id),
    ]);
    expect(responses.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it('answers 404 for another member’s address, and leaves it as it was', async () => {
    const owner = await member();
    const selected = await add(owner);
    const other = await add(owner);
    const stranger = await member();
    await add(stranger);
    for (const id of [selected.id, other.id]) {
      expect((await put(stranger, id, { ...payload, lastName: '佐藤' })).status).toBe(404);
      expect((await remove(stranger, id)).status).toBe(404);
      expect((await select(stranger, id)).status).toBe(404);
    }
    expect(await book(owner)).toEqual({ status: 'success', data: [selected, other], selected_address: selected });
    expect((await book(stranger)).data.map((address) => address.id)).not.toContain(selected.id);
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers 404 for an unknown id %s', async (id) => {
    const browser = await member();
    await add(browser);
    expect((await put(browser, id, payload)).status).toBe(404);
    expect((await remove(browser, id)).status).toBe(404);
    expect((await select(browser, id)).status).toBe(404);
  });

  it('refuses a cross-site change (CSRF)', async () => {
    const browser = await member();
    const response = await browser.request('/api/v2/addresses', { method: 'POST', json: payload, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
  });
});
