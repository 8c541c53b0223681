import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { charges, mails, refunds, subscriptions } from '../../api/db/schema/index.ts';
import type { SubscriptionView } from '../../src/domain/billing/contract.ts';
import { markShipped, moveClock, subscriptionsOf, today as clockToday } from '../support/billing.ts';
import type { TestBrowser } from '../support/browser.ts';
import { saveCard, TEST_CARDS } from '../support/factories.ts';
import { orderBody, signedUpMember } from '../support/registration.ts';
import type { TestApp } from '../support/test-app.ts';
import { applyEvent, MODEL_PLANS, modelHasLessons, modelNextPayment, modelQuote, plusDays, startLife, type Life, type LifeEvent, type ModelState } from './model.ts';

/**
 * Runs one generated life through the real API and jobs (in process, on the test database) and
 * holds every answer to the reference model (tests/lives/model.ts) and to the invariants of issue
 * 21. A difference throws with the step and both sides, so fast-check can shrink the life.
 */
export class LifeMismatch extends Error {}

const cardNumber = (card: Life['card']) => (card === 'good' ? TEST_CARDS.succeeds : TEST_CARDS.chargeDeclined);
const at = (day: string) => `${day}T10:00:00+09:00`;
/** As the mail and the quote write them (formatDate, formatPrice). */
const japaneseDate = (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

function same(step: string, what: string, api: unknown, model: unknown): void {
  const a = JSON.stringify(api);
  const m = JSON.stringify(model);
  if (a !== m) throw new LifeMismatch(`${step}: ${what}\n  api:   ${a}\n  model: ${m}`);
}

function check(step: string, what: string, ok: boolean, detail: unknown = ''): void {
  if (!ok) throw new LifeMismatch(`${step}: invariant broken: ${what} ${JSON.stringify(detail)}`);
}

export interface LifeContext {
  app: TestApp;
  admin: TestBrowser;
}

export async function runLife(context: LifeContext, life: Life): Promise<ModelState> {
  const { app } = context;
  const start = plusDays(await clockToday(app), 1);
  await moveClock(app, { to: at(start) });
  const plan = MODEL_PLANS[life.plan];
  const member = await signedUpMember(app, { card: cardNumber(life.card), optionId: plan.optionId, productId: plan.productId, months: plan.months });
  const [view] = await subscriptionsOf(member);
  const subscriptionId = view!.id;
  const model = startLife(life, start);
  await compareViews(context, member, subscriptionId, model, 'order');

  for (const [index, event] of life.events.entries()) {
    const step = `step ${index + 1} ${JSON.stringify(event)} on ${model.today}`;
    await applyToApi(context, member, subscriptionId, model, event, step);
    await compareViews(context, member, subscriptionId, model, step);
  }
  await compareLedger(context, member, subscriptionId, model, 'end of life');
  return model;
}

async function applyToApi(context: LifeContext, member: TestBrowser, subscriptionId: string, model: ModelState, event: LifeEvent, step: string): Promise<void> {
  const { app, admin } = context;
  switch (event.type) {
    case 'ship': {
      const expected = model.status === 'awaitingShipment';
      const response = await markShipped(admin, subscriptionId, model.today);
      applyEvent(model, event);
      same(step, 'shipping accepted', response.status === 200, expected);
      return;
    }
    case 'advance':
      applyEvent(model, event);
      if (event.days > 0) await moveClock(app, { to: at(model.today) });
      return;
    case 'switch': {
      const target = MODEL_PLANS[event.to];
      const { option, contract_month } = orderBody(target.optionId, { productId: target.productId, months: target.months });
      const body = { productId: target.productId, option: { id: option.id, name: option.name, price: option.price, textbook: [] }, contract_month, idempotency_key: randomUUID() };
      const response = await member.post('/api/v2/switch-plan', body);
      applyEvent(model, event);
      same(step, 'switch answer', response.status === 200 ? 'switched' : response.status === 422 && (await response.json()).code === 'paymentDeclined' ? 'declined' : 'refused', model.lastSwitch);
      return;
    }
    case 'cancel': {
      const planName = MODEL_PLANS[model.plan].kind === 'esatj' ? 'esat' : 'kimini';
      const cancellable = model.status !== 'ended' && model.status !== 'cancelRequested';
      const quoteResponse = await member.get(`/api/v2/cancel/quote?plan_name=${planName}`);
      if (!cancellable) {
        same(step, 'quote of a cancelled plan', quoteResponse.status, 409);
        applyEvent(model, event);
        return;
      }
      const expected = modelQuote(model);
      const quote = (await quoteResponse.json()).data as { effectiveOn: string; endsAtOnce: boolean; fees: unknown; refund: number; deviceReturnBy: string | null; explanation: string };
      same(step, 'quote', { effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce, fees: quote.fees, refund: quote.refund, deviceReturnBy: quote.deviceReturnBy }, {
        effectiveOn: expected.effectiveOn,
        endsAtOnce: expected.endsAtOnce,
        fees: expected.fees,
        refund: expected.refund,
        deviceReturnBy: expected.deviceReturnBy,
      });
      // The statutory cap (特定継続的役務提供): never more kept than the service delivered plus the penalty.
      if (expected.months > 2 && expected.paid > 50_000 && expected.used < expected.months) {
        const delivered = Math.round((expected.paid / expected.months) * expected.used);
        const cap = delivered + Math.min(50_000, Math.round((expected.paid - delivered) * 0.2));
        const kept = expected.paid + expected.fees.reduce((sum, fee) => sum + fee.amount, 0) - quote.refund;
        check(step, 'kept at most the statutory cap', kept <= cap, { kept, cap });
        check(step, 'a whole month left under 特定継続的役務提供 ends with a refund', quote.refund > 0 && quote.endsAtOnce, quote);
      }
      // Product decision 16's two cases after the trial: a refund ends today, no refund runs to the period end.
      if (model.status === 'active') check(step, 'refund ⇔ ends today', (quote.refund > 0) === (quote.effectiveOn === model.today), quote);
      const reply = await member.post('/api/v2/cancel', { plan_name: planName, reasons: ['price'], ...(planName === 'esat' ? { confirmations: [true, true, true, true, true] } : {}) });
      same(step, 'cancel reply', await reply.json(), { status: 'success', data: { effectiveOn: expected.effectiveOn, endsAtOnce: expected.endsAtOnce } });
      applyEvent(model, event);
      // The mail tells the same case, amounts and end day.
      const email = (await (await member.get('/api/auth/session')).json()).data.email as string;
      const [mail] = (await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email))).filter((row) => row.template === 'billing-cancellation');
      const text = mail?.text ?? '';
      check(step, 'the mail names the end day', text.includes(japaneseDate(expected.effectiveOn)), text);
      check(step, 'the mail names the refund', expected.refund > 0 ? text.includes(`返金額：${yen(expected.refund)}`) : text.includes('返金はありません'), text);
      if (expected.deviceReturnBy) check(step, 'the mail names the return day', text.includes(japaneseDate(expected.deviceReturnBy)), text);
      for (const fee of expected.fees) check(step, 'the mail names each fee', text.includes(yen(fee.amount)), text);
      return;
    }
    case 'card': {
      const response = await saveCard(member, cardNumber(event.card));
      same(step, 'card saved', response.status, 200);
      applyEvent(model, event);
      return;
    }
    case 'deviceReturned': {
      const response = await admin.post(`/api/v2/admin/subscriptions/${subscriptionId}/device-returned`, { returnedOn: model.today });
      const expected = model.shippedOn !== null && MODEL_PLANS[model.plan].device !== 'none';
      applyEvent(model, event);
      same(step, 'device return accepted', response.status === 200, expected);
      return;
    }
  }
}

/** My Page (the member's API), the console and the lesson school against the model, after every step. */
async function compareViews(context: LifeContext, member: TestBrowser, subscriptionId: string, model: ModelState, step: string): Promise<void> {
  const sub = (await subscriptionsOf(member)).find((row) => row.id === subscriptionId)!;
  const plan = MODEL_PLANS[model.plan];
  same(step, 'My Page: status, plan, next payment, end', pick(sub), {
    status: model.status,
    suspended: model.status === 'pastDue',
    plan: `${plan.productId}/${plan.optionId}/${plan.months}`,
    nextPayment: modelNextPayment(model),
    endsOn: model.endsOn,
    period: model.periodStart ? [model.periodStart, model.periodEnd] : null,
    unpaid: model.status === 'retrying' || model.status === 'pastDue',
    openPayments: model.charges.filter((charge) => (charge.kind === 'fee' || charge.kind === 'buyout') && charge.status === 'failed').map((charge) => charge.amount),
  });
  if (model.quote && sub.cancellation) {
    same(step, 'My Page: the cancellation as quoted', sub.cancellation, {
      effectiveOn: model.quote.effectiveOn,
      endsAtOnce: model.quote.endsAtOnce,
      fees: model.quote.fees,
      refund: model.quote.refund,
      refundRule: sub.cancellation.refundRule,
      deviceReturnBy: model.quote.deviceReturnBy,
    });
  }
  // The lessons: open while the member may take them (product decision 28), refused while suspended.
  if (plan.kind === 'normal' && model.status !== 'ended' && model.status !== 'awaitingShipment') {
    const link = await member.get('/api/v2/lesson-sso-link');
    same(step, 'lessons open', link.status === 200, modelHasLessons(model));
  }
  // The console: the same status and line; retrying is not past due.
  const accountId = (await context.app.ctx.database.db.select({ accountId: subscriptions.accountId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!.accountId;
  const detail = (await (await context.admin.get(`/api/v2/admin/members/${accountId}`)).json()).data as { subscriptions: SubscriptionView[] };
  const consoleSub = detail.subscriptions.find((row) => row.id === subscriptionId)!;
  same(step, 'console: status and next payment', [consoleSub.status, consoleSub.nextPayment], [model.status, modelNextPayment(model)]);
}

function pick(sub: SubscriptionView) {
  return {
    status: sub.status,
    suspended: sub.suspended,
    plan: `${sub.productId}/${sub.optionId}/${sub.contractMonth}`,
    nextPayment: sub.nextPayment,
    endsOn: sub.endsOn,
    period: sub.currentPeriodStart ? [sub.currentPeriodStart, sub.currentPeriodEnd] : null,
    unpaid: sub.pastDue !== null,
    openPayments: sub.openPayments.map((payment) => payment.amount),
  };
}

const KNOWN_MAILS = [
  'billing-payment-failed',
  'billing-final-notice',
  'billing-suspended',
  'billing-period-paid',
  'billing-switch-paid',
  'billing-fee-paid',
  'billing-buyout-paid',
  'billing-cancellation',
  'billing-ended',
  'billing-trial-ending',
];

/** The ledger, the refunds, the mails, the history and the receipts against the model and each other. */
async function compareLedger(context: LifeContext, member: TestBrowser, subscriptionId: string, model: ModelState, step: string): Promise<void> {
  const { db } = context.app.ctx.database;
  const rows = await db.select().from(charges).where(eq(charges.subscriptionId, subscriptionId)).orderBy(asc(charges.createdAt));
  const ledger = rows.filter((row) => row.kind !== 'books');
  const key = (charge: { kind: string; periodStart: string; amount: number; status: string; attempts: number }) => `${charge.kind} ${charge.periodStart} ${charge.amount} ${charge.status} ×${charge.attempts}`;
  same(step, 'ledger', ledger.map(key).sort(), model.charges.map(key).sort());

  // One charge per subscription, kind and period.
  const periods = ledger.filter((row) => row.kind === 'period' && row.status !== 'canceled').map((row) => row.periodStart);
  check(step, 'one period charge per period', new Set(periods).size === periods.length, periods);
  const buyouts = ledger.filter((row) => row.kind === 'buyout');
  check(step, 'one buyout at most', buyouts.length <= 1, buyouts.length);

  // Refunds: what the model gave back, never more than was paid for that charge.
  const refundRows = await db.select().from(refunds).where(and(eq(refunds.accountId, rows[0]?.accountId ?? subscriptionId)));
  same(step, 'refunds', refundRows.map((row) => [row.amount, row.status]).sort(), model.refunds.map((refund) => [refund.amount, 'succeeded']).sort());
  for (const row of rows) {
    const back = refundRows.filter((refund) => refund.chargeId === row.id).reduce((sum, refund) => sum + refund.amount, 0);
    check(step, 'no refund above what was paid', back <= (row.status === 'succeeded' ? row.amount : 0), { charge: row.amount, back });
  }

  // Mails: the service mails the model expects, as many of each.
  const email = (await (await member.get('/api/auth/session')).json()).data.email as string;
  const sent = (await db.select().from(mails).where(eq(mails.toAddress, email))).map((row) => row.template).filter((template) => KNOWN_MAILS.includes(template));
  same(step, 'mails', count(sent), count(model.mails));

  // History and receipts agree with the ledger.
  const history = (await (await member.get('/api/v2/billing-history')).json()).data as { id: string; kind: string; amount: number; status: string; receiptUrl: string | null }[];
  const visible = rows.filter((row) => row.status !== 'canceled');
  same(
    step,
    'history = ledger',
    history.filter((item) => item.kind !== 'refund').map((item) => `${item.kind} ${item.amount} ${item.status}`).sort(),
    visible.map((row) => `${row.kind} ${row.amount} ${row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending'}`).sort(),
  );
  same(step, 'history refunds = refunds', history.filter((item) => item.kind === 'refund').map((item) => -item.amount).sort(), refundRows.map((row) => row.amount).sort());
  for (const item of history.filter((entry) => entry.kind !== 'refund')) check(step, 'a receipt for every paid charge, none for others', (item.receiptUrl !== null) === (item.status === 'succeeded'), item);
  // A receipt for a paid charge, and a refund note for a refund (docs/decisions/0036), each stating its amount.
  for (const document of [history.find((item) => item.kind !== 'refund' && item.receiptUrl), history.find((item) => item.kind === 'refund' && item.receiptUrl)]) {
    if (!document) continue;
    const page = await member.get(new URL(document.receiptUrl!).pathname);
    check(step, 'the document opens', page.status === 200, page.status);
    check(step, 'the document states the amount', (await page.text()).includes(Math.abs(document.amount).toLocaleString('ja-JP')), document);
  }
}

function count(list: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of [...list].sort()) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}
