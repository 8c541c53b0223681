import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, emailOf, mailsTo, markShipped, moveClock, onlySubscription, subscriptionRow } from '../../../../tests/support/billing.ts';
import type { TestBrowser } from '../../../../tests/support/browser.ts';
import { memberWithCard } from '../../../../tests/support/factories.ts';
import { orderBody, placeOrder } from '../../../../tests/support/registration.ts';
import { useTestApp } from '../../../../tests/support/test-app.ts';
import { billingDocuments, chargeKinds, refunds } from '../../../db/schema/index.ts';

/** 特定継続的役務提供 (product decision 30): consent, the 契約書面 by mail, cooling-off for 8 days. */
const app = useTestApp({ jobs: true });

const quote = async (member: TestBrowser) => (await (await member.get('/api/v2/cancel/quote?plan_name=kimini')).json()).data;
const coolOff = (member: TestBrowser) => member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: [], cooling_off: true });

/** A 12-month plan with a textbook, ordered and shipped on `day` (Tokyo, 10:00); the clock then on the 8th day, the last of cooling-off. */
async function qualifyingPlanOnItsEighthDay(day: string) {
  await moveClock(app, { to: `${day}T10:00:00+09:00` });
  const member = await memberWithCard(app);
  await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
  const sub = await onlySubscription(member);
  expect((await markShipped(await adminBrowser(app), sub.id, day)).status).toBe(200);
  await moveClock(app, { advanceDays: 7 });
  return { member, sub };
}

describe('the order of a 特定継続的役務提供 plan', () => {
  it('needs consent to electronic delivery; the 契約書面 is then mailed as a PDF and starts 8 days of cooling-off', async () => {
    await moveClock(app, { to: '2027-09-01T10:00:00+09:00' });
    const member = await memberWithCard(app);
    const refused = await member.post('/api/v2/registration', orderBody('ME_Plan_3_1', { consent: false }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'electronicDeliveryConsentRequired' });

    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
    const sub = await onlySubscription(member);
    expect((await subscriptionRow(app, sub.id)).contractDocumentSentOn).toBe('2027-09-01');
    const [mail] = await mailsTo(app, await emailOf(member), 'contract-document');
    expect(mail!.subject).toContain('契約書面');
    expect(mail!.text).toContain('2027年9月8日まで');
    expect(mail!.attachments).toEqual([{ key: expect.stringMatching(/^contract-documents\/.+\.pdf$/), filename: expect.stringMatching(/^契約書面_\d+-\d\.pdf$/), contentType: 'application/pdf' }]);
    const pdf = await app.ctx.storage.get(mail!.attachments![0]!.key);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

    expect(await quote(member)).toMatchObject({ coolingOffUntil: '2027-09-08', coolingOffRefund: 2200 });
  });

  it('a plan that does not qualify: no consent needed, no 契約書面, no cooling-off', async () => {
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_1', { productId: 'lessons-4', consent: false }));
    expect(await mailsTo(app, await emailOf(member), 'contract-document')).toEqual([]);
    expect(await quote(member)).toMatchObject({ coolingOffUntil: null, coolingOffRefund: 0 });
    const refused = await coolOff(member);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'coolingOffNotAvailable' });
  });
});

describe('cooling-off', () => {
  it('on the 8th day, after the first plan charge: the contract ends that day, everything paid comes back, no fee', async () => {
    const { member, sub } = await qualifyingPlanOnItsEighthDay('2027-10-01');
    const [period] = await chargesOf(app, sub.id);
    expect(period).toMatchObject({ status: 'succeeded' });
    // The billing clock issued the period's receipt with the payment.
    const [periodReceipt] = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.chargeId, period!.id));
    expect(periodReceipt).toMatchObject({ kind: 'receipt', number: expect.stringMatching(/^R-2027-\d{6}$/) });

    const offered = await quote(member);
    expect(offered).toMatchObject({ coolingOffUntil: '2027-10-08', coolingOffRefund: 2200 + period!.amount });
    const response = await coolOff(member);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { effectiveOn: '2027-10-08', endsAtOnce: true } });

    const row = await subscriptionRow(app, sub.id);
    expect(row).toMatchObject({ status: 'ended', endsOn: '2027-10-08' });
    expect(row.cooledOffAt).not.toBeNull();
    const given = await app.ctx.database.db.select().from(refunds).where(eq(refunds.accountId, row.accountId));
    expect(given.map((refund) => [refund.status, refund.reason]).sort()).toEqual([
      ['succeeded', 'coolingOff'],
      ['succeeded', 'coolingOff'],
    ]);
    expect(given.reduce((sum, refund) => sum + refund.amount, 0)).toBe(2200 + period!.amount);
    // Each refund has its refund note, naming the receipt it gives back.
    const notes = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.kind, 'refundNote'));
    expect(notes.filter((note) => given.some((refund) => refund.id === note.refundId)).map((note) => note.refersToId !== null)).toEqual([true, true]);
    expect((await chargesOf(app, sub.id, ['fee', 'buyout'])).filter((charge) => charge.status !== 'canceled')).toEqual([]);
    expect(await mailsTo(app, await emailOf(member), 'cooling-off')).toHaveLength(1);
    // Twice is once.
    expect((await coolOff(member)).status).toBe(409);
  });

  it('after cancelling the ordinary way inside the 8 days: still offered, and what the cancellation kept comes back', async () => {
    const { member, sub } = await qualifyingPlanOnItsEighthDay('2027-10-10');
    const cancelled = await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['schedule'] });
    expect(await cancelled.json()).toMatchObject({ data: { endsAtOnce: true } });
    const { accountId } = await subscriptionRow(app, sub.id);
    const given = () => app.ctx.database.db.select().from(refunds).where(eq(refunds.accountId, accountId));
    const kept = async () => {
      const paid = (await chargesOf(app, sub.id, [...chargeKinds])).filter((charge) => charge.status === 'succeeded');
      const back = (await given()).filter((refund) => refund.status !== 'failed');
      return paid.reduce((sum, charge) => sum + charge.amount, 0) - back.reduce((sum, refund) => sum + refund.amount, 0);
    };
    expect((await given()).map((refund) => refund.reason)).toContain('cancellation');
    const keptByCancellation = await kept();
    expect(keptByCancellation).toBeGreaterThan(0);

    // The cancellation page reads the quote: 409, with cooling-off's last day and what it gives back.
    const again = await member.get('/api/v2/cancel/quote?plan_name=kimini');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 'alreadyCancelled', data: { coolingOffUntil: '2027-10-17', coolingOffRefund: keptByCancellation } });
    const response = await coolOff(member);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { effectiveOn: '2027-10-17', endsAtOnce: true, refund: keptByCancellation } });
    expect(await kept()).toBe(0);
    expect((await chargesOf(app, sub.id, ['fee', 'buyout'])).filter((charge) => charge.status !== 'canceled' && charge.status !== 'succeeded')).toEqual([]);
    expect(await subscriptionRow(app, sub.id)).toMatchObject({ status: 'ended', endsOn: '2027-10-17', cooledOffAt: expect.any(Date) });
    expect(await mailsTo(app, await emailOf(member), 'cooling-off')).toHaveLength(1);
    // Twice is once; and nothing more is offered.
    expect((await coolOff(member)).status).toBe(409);
    expect(await (await member.get('/api/v2/cancel/quote?plan_name=kimini')).json()).toEqual({ status: 'error', code: 'alreadyCancelled' });
  });

  it('on the 9th day: no longer offered, and refused with a Japanese reason', async () => {
    await moveClock(app, { to: '2027-11-01T10:00:00+09:00' });
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1'));
    await moveClock(app, { to: '2027-11-09T10:00:00+09:00' });
    expect(await quote(member)).toMatchObject({ coolingOffUntil: null });
    const refused = await coolOff(member);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'coolingOffNotAvailable' });
    expect((await onlySubscription(member)).status).not.toBe('ended');
  });
});

describe('the 概要書面 before the order', () => {
  it('downloads as a PDF for a qualifying plan; not for another plan', async () => {
    const pdf = await app.request('/api/v2/specified-service/overview.pdf?productId=lessons-8&optionId=ME_Plan_3_1&contract_month=12');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);
    expect((await app.request('/api/v2/specified-service/overview.pdf?productId=lessons-4&optionId=ME_Plan_1&contract_month=1')).status).toBe(404);
  });
});
