import { randomUUID } from 'node:crypto';
import { seedOptions } from '../../api/db/catalogue-seed.ts';
import { booksPrice } from '../../src/domain/plans/pricing.ts';
import type { BookChoice } from '../../src/domain/plans/types.ts';
import type { TestBrowser } from './browser.ts';
import { memberWithCard, ok, TEST_CARDS } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** The old names, for tests written before tests/support/factories.ts (use the factories in new tests). */
export { cardToken as createPaymentMethod, memberWithCard, shibuyaAddress as validAddress, TEST_CARDS } from './factories.ts';

/** The order body for a seeded plan, with the catalogue's own prices. */
export function orderBody(optionId: string, options: { productId?: string; months?: 1 | 3 | 12; books?: BookChoice[]; safetyPlan?: boolean; key?: string; consent?: boolean } = {}) {
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
    // The order screen's consent to receive documents electronically (needed for 特定継続的役務提供 plans).
    electronic_delivery_consent: options.consent ?? true,
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
