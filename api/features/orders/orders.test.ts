import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from '../../../src/domain/documents/order-number.ts';
import { createBrowser, signUpIn } from '../../../tests/support/browser.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { memberWithCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { orderBody } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { accounts, localGatewayIntents, mails, orders } from '../../db/schema/index.ts';

const app = useTestApp();

async function place(browser: Awaited<ReturnType<typeof memberWithCard>>, body: Record<string, unknown>) {
  const response = await browser.post('/api/v2/registration', body);
  return { status: response.status, body: await response.json() };
}

/** The customer on the bank's page (3-D Secure), approving or refusing. */
async function authenticate(browser: Awaited<ReturnType<typeof memberWithCard>>, reply: { payment_intent_id: string; client_secret: string }, approve = true) {
  const response = await browser.post(`/api/v2/local-gateway/intents/${reply.payment_intent_id}/authenticate`, { client_secret: reply.client_secret, approve });
  expect(response.status).toBe(200);
}

describe('POST /api/v2/registration: the order loop', () => {
  it('places an order at once with a card that needs no authentication', async () => {
    const browser = await memberWithCard(app);
    const { status, body } = await place(browser, orderBody('ME_Plan_3', { productId: 'lessons-8' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', requires_action: false, order: { id: expect.any(String) }, kimini: { id: expect.stringMatching(/^KM\d{8}$/) } });
    expect(body.kimini.first_login_url).toMatch(/\/dev\/lesson-school\/first-login\?token=[0-9a-f]{32}$/);
    const session = await (await browser.get('/api/auth/session')).json();
    expect(session.data.isSignedUp).toBe(true);
  });

  it('asks for 3-D Secure on the card setup, then completes once it is approved', async () => {
    const browser = await memberWithCard(app, TEST_CARDS.authenticate);
    const body = orderBody('ME_Plan_3_1', { productId: 'lessons-4' });
    const first = await place(browser, body);
    expect(first.body).toMatchObject({ requires_action: true, is_setup_intent: true, client_secret: expect.stringContaining('_secret_'), payment_method: expect.stringMatching(/^pm_local_/) });
    await authenticate(browser, first.body);
    const second = await place(browser, { ...body, payment_intent_id: first.body.payment_intent_id });
    expect(second.body).toMatchObject({ requires_action: false, order: { id: first.body.order.id } });
  });

  it('charges optional textbooks today, authenticating that payment too', async () => {
    const browser = await memberWithCard(app, TEST_CARDS.authenticate);
    const body = orderBody('ESAT-J_Plan_3', { books: ['newCrown', 'connect'] });
    const setup = await place(browser, body);
    expect(setup.body.is_setup_intent).toBe(true);
    await authenticate(browser, setup.body);
    const payment = await place(browser, { ...body, payment_intent_id: setup.body.payment_intent_id });
    expect(payment.body).toMatchObject({ requires_action: true, is_setup_intent: false });
    const [intent] = await app.ctx.database.db.select().from(localGatewayIntents).where(eq(localGatewayIntents.id, payment.body.payment_intent_id));
    expect(intent!.amount).toBe(4400);
    await authenticate(browser, payment.body);
    const done = await place(browser, { ...body, payment_intent_id: payment.body.payment_intent_id });
    // ESAT-J has no lessons: no lesson-school account, the completion page says a mail was sent.
    expect(done.body).toMatchObject({ requires_action: false, kimini: null });
  });

  it.each([
    ['a refused authentication', TEST_CARDS.authenticate, 'authenticationFailed'],
    ['insufficient funds for the textbooks', TEST_CARDS.insufficientFunds, 'insufficientFunds'],
  ])('fails on %s, leaving no order in force', async (_case, card, code) => {
    const browser = await memberWithCard(app, card);
    const body = orderBody('ME_Plan_3_1', { productId: 'lessons-8', books: ['newCrown'] });
    let reply = await place(browser, body);
    if (reply.body.requires_action) {
      await authenticate(browser, reply.body, false);
      reply = await place(browser, { ...body, payment_intent_id: reply.body.payment_intent_id });
    }
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ status: 'error', code });
    const history = await (await browser.get('/api/v2/order-history')).json();
    expect(history.data).toEqual([]);
    // The slot is free again: a new attempt (with a new key) may start.
    expect((await place(browser, orderBody('ME_Plan_3', { productId: 'lessons-4' }))).status).toBe(200);
  });

  it('takes amounts from the catalogue only: a stale or forged price buys nothing', async () => {
    const browser = await memberWithCard(app);
    const body = orderBody('ME_Plan_2', { productId: 'lessons-30' });
    expect((await place(browser, { ...body, option: { ...body.option, price: 1 } })).body).toEqual({ status: 'error', code: 'priceChanged' });
    expect((await place(browser, { ...body, option: { ...body.option, option_price: 999 } })).body).toEqual({ status: 'error', code: 'priceChanged' });
    expect((await place(browser, { ...body, productId: 'lessons-999' })).body).toEqual({ status: 'error', code: 'planUnavailable' });
  });

  it('holds at most one normal plan and one ESAT-J plan', async () => {
    const browser = await memberWithCard(app);
    expect((await place(browser, orderBody('ME_Plan_1', { productId: 'lessons-4' }))).status).toBe(200);
    expect((await place(browser, orderBody('ESAT-J_Plan_1'))).status).toBe(200);
    const again = await place(browser, orderBody('ME_Plan_2', { productId: 'lessons-8' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'error', code: 'planAlreadyActive' });
    const userdata = await (await browser.get('/api/v2/userdata')).json();
    expect(userdata.data).toHaveLength(2);
    expect(userdata.data[0]).toMatchObject({ kind: 'normal', option: 'ME_Plan_1', last_name: '山田', first_name: '花子', next_pay_at: null, kimini: { id: expect.any(String) }, stripe_id: expect.stringMatching(/^cus_local_/) });
    expect(userdata.data[1]).toMatchObject({ kind: 'esatj', option: 'ESAT-J_Plan_1', kimini: null });
  });

  it('makes one order and one charge from a double click, a retry and a second tab', async () => {
    const browser = await memberWithCard(app, TEST_CARDS.authenticate);
    const body = orderBody('ME_Plan_3_2_1', { productId: 'lessons-30', books: ['connect'] });
    const [a, b] = await Promise.all([place(browser, body), place(browser, body)]);
    expect(a.body.order.id).toBe(b.body.order.id);
    expect(a.body.payment_intent_id).toBe(b.body.payment_intent_id);
    const otherTab = await place(browser, { ...body, idempotency_key: crypto.randomUUID() });
    expect(otherTab.body.order.id).toBe(a.body.order.id);
    await authenticate(browser, a.body);
    const pay = await place(browser, { ...body, payment_intent_id: a.body.payment_intent_id });
    await authenticate(browser, pay.body);
    const [done1, done2] = await Promise.all([place(browser, { ...body, payment_intent_id: pay.body.payment_intent_id }), place(browser, body)]);
    expect(done1.body).toEqual(done2.body);
    const account = (await app.ctx.database.db.select().from(orders).where(eq(orders.id, a.body.order.id)))[0]!;
    const intents = await app.ctx.database.db.select().from(localGatewayIntents).where(eq(localGatewayIntents.customerId, (await (await browser.get('/api/v2/userdata')).json()).data[0].stripe_id));
    expect(intents.map((intent) => intent.kind).sort()).toEqual(['payment', 'setup']);
    const sent = await app.ctx.database.db.select().from(mails).where(eq(mails.template, 'order-confirmation'));
    expect(sent.filter((mail) => mail.text.includes(`ご注文番号：${formatOrderNumber(account.number)}`))).toHaveLength(1);
  });

  it('answers 409 idempotencyKeyReused when a key comes back with a different order', async () => {
    const browser = await memberWithCard(app);
    const body = orderBody('ME_Plan_3', { productId: 'lessons-8' });
    const first = await place(browser, body);
    expect(first.status).toBe(200);
    const other = orderBody('ME_Plan_1', { productId: 'lessons-4', key: body.idempotency_key });
    for (const changed of [other, { ...body, contract_month: body.contract_month === 12 ? 1 : 12 }, { ...body, productId: 'lessons-4' }]) {
      const reply = await place(browser, changed);
      expect([reply.status, reply.body.code]).toEqual([409, 'idempotencyKeyReused']);
    }
    // The same body (a retry), with the key in upper case too, still answers with the first order.
    const again = await place(browser, { ...body, idempotency_key: body.idempotency_key.toUpperCase() });
    expect(again.body).toEqual(first.body);
  });

  it('refuses the same textbook twice in one order (charged once per copy otherwise)', async () => {
    const browser = await memberWithCard(app);
    // The prices as the page would compute them for two copies: only the duplicate is wrong.
    const body = orderBody('ESAT-J_Plan_3', { books: ['newCrown', 'newCrown'] });
    const reply = await place(browser, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 'error', code: 'duplicateTextbook', issues: [{ path: 'option.textbook', code: 'duplicateTextbook' }] });
    expect(await app.ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotency_key))).toHaveLength(0);
  });

  it('an order left at 3-D Secure for over 30 minutes expires when the member comes back, before any sweep', async () => {
    const browser = await memberWithCard(app, TEST_CARDS.authenticate);
    const body = orderBody('ME_Plan_3', { productId: 'lessons-8' });
    const first = await place(browser, body);
    expect(first.body.requires_action).toBe(true);
    await app.ctx.database.db.update(orders).set({ updatedAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.id, first.body.order.id));
    const back = await place(browser, body);
    expect([back.status, back.body.code]).toEqual([409, 'orderExpired']);
    // The slot is free again: a new attempt starts a new order.
    const again = await place(browser, orderBody('ME_Plan_3', { productId: 'lessons-8' }));
    expect(again.body).toMatchObject({ requires_action: true });
    expect(again.body.order.id).not.toBe(first.body.order.id);
  });

  it('a stale pending order of the same kind gives its slot to a new one (another tab, a new key)', async () => {
    const browser = await memberWithCard(app, TEST_CARDS.authenticate);
    const first = await place(browser, orderBody('ME_Plan_3', { productId: 'lessons-8' }));
    await app.ctx.database.db.update(orders).set({ updatedAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.id, first.body.order.id));
    const other = await place(browser, orderBody('ME_Plan_1', { productId: 'lessons-4' }));
    expect(other.status).toBe(200);
    expect(other.body.order.id).not.toBe(first.body.order.id);
    const [stale] = await app.ctx.database.db.select().from(orders).where(eq(orders.id, first.body.order.id));
    expect(stale!.status).toBe('expired');
  });

  it('needs a selected address and a card, and a signed-in member', async () => {
    const noCard = createBrowser(app);
    await signUpIn(noCard);
    expect((await place(noCard, orderBody('ME_Plan_1', { productId: 'lessons-4' }))).body.code).toBe('addressRequired');
    expect((await createBrowser(app).post('/api/v2/registration', orderBody('ME_Plan_1', { productId: 'lessons-4' }))).status).toBe(401);
  });

  it('validates the request', async () => {
    const browser = await memberWithCard(app);
    const response = await browser.post('/api/v2/registration', { ...orderBody('ME_Plan_1', { productId: 'lessons-4' }), idempotency_key: 'not-a-uuid' });
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path: 'idempotency_key', code: 'badRequest' }]);
  });

  it('records the a8 affiliate parameter with the order and sends a Japanese confirmation', async () => {
    const browser = await memberWithCard(app);
    browser.cookies.set('a8', 's00000012345001');
    const { body } = await place(browser, orderBody('ME_Plan_3', { productId: 'lessons-60' }));
    const [order] = await app.ctx.database.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order!.a8).toBe('s00000012345001');
    const [account] = await app.ctx.database.db.select().from(accounts).where(eq(accounts.id, order!.accountId));
    const mail = await waitFor(async () => (await app.ctx.database.db.select().from(mails).where(and(eq(mails.toAddress, account!.email), eq(mails.template, 'order-confirmation'))))[0]);
    expect(mail.subject).toBe('【Musio English】お申し込み完了のお知らせ');
    expect(mail.text).toContain('月額：10,428円（税込）');
    expect(mail.text).toContain('往復の送料 2,600円（税込）');
  });
});
