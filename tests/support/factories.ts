import type { StoredAddress } from '../../src/domain/address-schemas.ts';
import { createBrowser, signUpIn, type TestBrowser } from './browser.ts';
import type { TestApp } from './test-app.ts';

/**
 * Test factories: members, addresses and cards, made the way the browser makes them (through the
 * API), so that tests share one setup instead of each copying its own. Overrides change one field.
 */

/** Stripe's test cards, which the local gateway mirrors. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  authenticate: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saves, then every charge is declined. */
  chargeDeclined: '4000000000000341',
  /** 3-D Secure when set up; later off-session charges go through. */
  authenticateSetupOnly: '4000002500003155',
} as const;

export const HOLDER_NAME = 'HANAKO YAMADA';

export type AddressInput = ReturnType<typeof addressInput>;

/** An address as the form sends it (Ginza, Tokyo). */
export function addressInput(overrides: Partial<Record<string, string>> = {}) {
  return {
    lastName: '山田',
    firstName: '花子',
    romanizedLastName: 'Yamada',
    romanizedFirstName: 'Hanako',
    addressZip: '104-0061',
    addressState: '東京都',
    addressCity: '中央区',
    addressDetails: '銀座1-23-456',
    buildingName: '',
    phoneNumber: '090-1234-5678',
    ...overrides,
  };
}

/** The Shibuya address the registration tests and the seed use. */
export const shibuyaAddress = addressInput({ addressZip: '150-0002', addressCity: '渋谷区', addressDetails: '渋谷2-14-8', phoneNumber: '03-1234-5678' });

/** An address as the API answers it (the stored shape). */
export function storedAddress(overrides: Partial<StoredAddress> = {}): StoredAddress {
  return {
    id: 'a',
    last_name: '山田',
    first_name: '花子',
    furigana_sei: 'Yamada',
    furigana_mei: 'Hanako',
    address_zip: '104-0061',
    address_state: '東京都',
    address_city: '中央区',
    address_line: '銀座1-23-456',
    address_line2: null,
    phone: '090-1234-5678',
    ...overrides,
  };
}

export async function ok(response: Response, what: string): Promise<unknown> {
  if (response.status !== 200) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A browser signed in as a new ordinary member (sign-up input overridable). */
export async function newMember(app: TestApp, overrides: Partial<Record<string, string>> = {}): Promise<TestBrowser> {
  const browser = createBrowser(app);
  await signUpIn(browser, overrides);
  return browser;
}

/** Adds an address to the member's book (the first one is selected). */
export async function addAddress(browser: TestBrowser, address: AddressInput = addressInput()): Promise<StoredAddress> {
  return ((await ok(await browser.post('/api/v2/addresses', address), 'address')) as { data: StoredAddress }).data;
}

/** Tokenises a card at the local gateway, as Stripe.js would in the browser. */
export async function cardToken(browser: TestBrowser, number: string = TEST_CARDS.succeeds): Promise<string> {
  const reply = (await ok(await browser.post('/api/v2/local-gateway/payment-methods', { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' }), 'payment method')) as {
    data: { id: string };
  };
  return reply.data.id;
}

/** Saves a card of the given number as the member's card; the reply as the API gives it. */
export async function saveCard(browser: TestBrowser, number: string = TEST_CARDS.succeeds, name = HOLDER_NAME): Promise<Response> {
  return browser.post('/api/v2/card', { token: await cardToken(browser, number), name });
}

/** A signed-in member with a selected address. */
export async function memberWithAddress(app: TestApp, address: AddressInput = shibuyaAddress): Promise<TestBrowser> {
  const browser = await newMember(app);
  await addAddress(browser, address);
  return browser;
}

/** A signed-in member with a selected address and a saved card. */
export async function memberWithCard(app: TestApp, number: string = TEST_CARDS.succeeds): Promise<TestBrowser> {
  const browser = await memberWithAddress(app);
  await ok(await saveCard(browser, number), 'card');
  return browser;
}
