import { randomUUID } from 'node:crypto';
import { seedOptions } from '../../api/db/catalogue-seed.ts';
import { booksPrice } from '../../src/domain/plans/pricing.ts';
import type { BookChoice } from '../../src/domain/plans/types.ts';
import { createBrowser, signUpIn, type TestBrowser } from './browser.ts';
import type { TestApp } from './test-app.ts';

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

export const validAddress = {
  lastName: '山田',
  firstName: '花子',
  romanizedLastName: 'Yamada',
  romanizedFirstName: 'Hanako',
  addressZip: '150-0002',
  addressState: '東京都',
  addressCity: '渋谷区',
  addressDetails: '渋谷2-14-8',
  buildingName: '',
  phoneNumber: '03-1234-5678',
};

async function ok(response: Response, what: string): Promise<unknown> {
  if (response.status !== 200) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Tokenises a card at the local gateway, as Stripe.js would in the browser. */
export async function createPaymentMethod(browser: TestBrowser, number: string): Promise<string> {
  const reply = (await ok(await browser.post('/api/v2/local-gateway/payment-methods', { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' }), 'payment method')) as {
    data: { id: string };
  };
  return reply.data.id;
}

/** A signed-in member with a selected address and a saved card. */
export async function memberWithCard(app: TestApp, number: string = TEST_CARDS.succeeds): Promise<TestBrowser> {
  const browser = createBrowser(app);
  await signUpIn(browser);
  await ok(await browser.post('/api/v2/addresses', validAddress), 'address');
  await ok(await browser.post('/api/v2/card', { token: await createPaymentMethod(browser, number), name: 'HANAKO YAMADA' }), 'card');
  return browser;
}

/** The order body for a seeded plan, with the catalogue's own prices. */
export function orderBody(optionId: string, options: { productId?: string; months?: 1 | 3 | 12; books?: BookChoice[]; safetyPlan?: boolean; key?: string } = {}) {
  const option = seedOptions.find(
    (o) => o.optionId === optionId && (!options.productId || o.productId === options.productId) && (!options.months || o.contractMonth === options.months),
  );
  if (!option) throw new Error(`no seeded plan ${optionId}`);
  const books = options.books ?? [];
  return {
    productId: option.productId,
    option: {
      id: option.optionId,
      name: option.name,
      price: option.price,
      textbook: books,
      option_price: booksPrice({ option_price: option.optionPrice, textbook: option.textbook }, books.length ? books : ['none']),
    },
    contract_month: option.contractMonth,
    isESATJ: option.packageType === 'standard' || option.packageType === 'ipad',
    safety_plan: options.safetyPlan ?? false,
    idempotency_key: options.key ?? randomUUID(),
  };
}

interface OrderReply {
  requires_action: boolean;
  client_secret?: string;
  payment_intent_id?: string;
  order: { id: string };
}

/** Places an order through the API, passing 3-D Secure as the browser's dialog would, as often as asked. */
export async function placeOrder(browser: TestBrowser, body: ReturnType<typeof orderBody>): Promise<{ order: { id: string } }> {
  let reply = (await ok(await browser.post('/api/v2/registration', body), 'order')) as OrderReply;
  for (let round = 0; reply.requires_action && round < 4; round += 1) {
    await ok(await browser.post(`/api/v2/local-gateway/intents/${reply.payment_intent_id}/authenticate`, { client_secret: reply.client_secret, approve: true }), '3-D Secure');
    reply = (await ok(await browser.post('/api/v2/registration', { ...body, payment_intent_id: reply.payment_intent_id }), 'order')) as OrderReply;
  }
  if (reply.requires_action) throw new Error('the order still asks for authentication');
  return reply;
}

/** A member who has completed an order (so is "signed up"), on the card given. */
export async function signedUpMember(app: TestApp, options: { card?: string; optionId?: string; productId?: string; months?: 1 | 3 | 12 } = {}): Promise<TestBrowser> {
  const browser = await memberWithCard(app, options.card ?? TEST_CARDS.succeeds);
  await placeOrder(browser, orderBody(options.optionId ?? 'ME_Plan_3', { productId: options.productId ?? 'lessons-4', ...(options.months ? { months: options.months } : {}) }));
  return browser;
}
