import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, emailOf, mailsTo, markShipped, moveClock, onlySubscription, subscriptionRow } from '../../../tests/support/billing.ts';
import { createBrowser, type TestBrowser } from '../../../tests/support/browser.ts';
import { signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { localSchoolAccounts, subscriptionEvents } from '../../db/schema/index.ts';

/**
 * Cancellation (spec §2 and §4, product decision 16): the quote first, then the request; fees charged
 * and refunds paid through the ledger; the lesson-school account closes on the effective date; a
 * confirmation mail with the quote; a second request is "already cancelled". The clock only moves
 * forward: each test starts on a later day.
 */
const app = useTestApp({ jobs: true });
const allFive = [true, true, true, true, true];

async function quote(member: TestBrowser, planName: 'kimini' | 'esat') {
  const response = await member.get(`/api/v2/cancel/quote?plan_name=${planName}`);
  return { status: response.status, body: await response.json() };
}

async function lessonStatusBecomes(lessonAccountId: string, status: string) {
  return waitFor(async () => {
    const [row] = await app.ctx.database.db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.id, lessonAccountId));
    return row?.status === status ? status : undefined;
  });
}

describe('cancellation', () => {
  it('normal plan in the trial: ends at once, 2,600円 return shipping charged, the lessons close, the mail carries the quote; a second request is already cancelled', async () => {
    await moveClock(app, { to: '2027-01-04T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2027-01-04');
    await moveClock(app, { to: '2027-01-06T10:00:00+09:00' });

    const { status, body } = await quote(member, 'kimini');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      planName: sub.planName,
      effectiveOn: '2027-01-06',
      endsAtOnce: true,
      fees: [{ kind: 'returnShipping', amount: 2600 }],
      refund: 0,
      deviceReturnBy: '2027-01-13',
    });
    expect(body.data.explanation).toContain('往復送料として2,600円（税込）');
    expect(body.data.explanationLines.length).toBeGreaterThan(2);

    const response = await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['price', 'schedule'], comment: '  楽しかったです  ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', data: { effectiveOn: '2027-01-06', endsAtOnce: true } });
    const row = await subscriptionRow(app, sub.id);
    expect(row).toMatchObject({ status: 'ended', endsOn: '2027-01-06' });
    // The trial-end charge never comes.
    await moveClock(app, { to: '2027-01-12T10:00:00+09:00' });
    expect(await chargesOf(app, sub.id, ['period'])).toEqual([]);
    expect(await chargesOf(app, sub.id, ['fee'])).toMatchObject([{ amount: 2600, status: 'succeeded', description: '往復送料' }]);
    await lessonStatusBecomes(row.lessonAccountId!, 'closed');
    // Reasons and comment are kept with the event.
    const [event] = await app.ctx.database.db.select().from(subscriptionEvents).where(and(eq(subscriptionEvents.subscriptionId, sub.id), eq(subscriptionEvents.type, 'cancelledAtOnce')));
    expect(event?.details).toMatchObject({ reasons: ['price', 'schedule'], comment: '楽しかったです' });
    const [mail] = await mailsTo(app, await emailOf(member), 'billing-cancellation');
    expect(mail?.text).toContain('本日（2027年1月6日）で解約となりました');
    expect(mail?.text).toContain('往復送料：2,600円（税込）');
    expect(mail?.text).toContain('2027年1月13日までにご返送ください');

    for (const again of [await member.post('/api/v2/cancel', { plan_name: 'kimini' }), await member.get('/api/v2/cancel/quote?plan_name=kimini')]) {
      expect(again.status).toBe(409);
      expect((await again.json()).code).toBe('alreadyCancelled');
    }
  });

  it('12 months inside the refund window: the refund ends the contract that day (product decision 16, revised): lessons close, the robot is due in a week, quote, mail and My Page agree', async () => {
    await moveClock(app, { to: '2027-02-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_3', months: 12 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2027-02-01');
    await moveClock(app, { to: '2027-03-20T10:00:00+09:00' });
    // 46,200 ÷ 12 × 10 remaining × 70% (under 50,000円: no statutory floor).
    const { body } = await quote(member, 'kimini');
    expect(body.data).toMatchObject({ effectiveOn: '2027-03-20', endsAtOnce: true, fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 26_950, refundRule: 'seventyPercent', deviceReturnBy: '2027-03-27' });
    expect(body.data.explanation).toContain('46,200円（税込） ÷ 12か月 × 残り10か月 × 70% = 26,950円（税込）');
    expect(body.data.explanationLines[0]).toBe('返金があるため、本日（2027年3月20日）で解約となり、レッスンなどのご利用は本日で終了します（提携レッスン校にもお伝えします）。');

    expect(await (await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['notUsing'] })).json()).toEqual({ status: 'success', data: { effectiveOn: '2027-03-20', endsAtOnce: true } });
    const row = await subscriptionRow(app, sub.id);
    expect(row).toMatchObject({ status: 'ended', endsOn: '2027-03-20' });
    await lessonStatusBecomes(row.lessonAccountId!, 'closed');
    // My Page: the same end day, refund, fee and return day as the quote.
    expect(await onlySubscription(member)).toMatchObject({
      status: 'ended',
      endsOn: '2027-03-20',
      nextPayment: { kind: 'nothing' },
      cancellation: { effectiveOn: '2027-03-20', endsAtOnce: true, refund: 26_950, fees: [{ kind: 'returnShipping', amount: 2600 }], deviceReturnBy: '2027-03-27' },
    });
    const history = (await (await member.get('/api/v2/billing-history')).json()).data as { kind: string; amount: number; status: string }[];
    expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'refund', amount: -26_950, status: 'succeeded' }), expect.objectContaining({ kind: 'fee', amount: 2600 })]));
    const [mail] = await mailsTo(app, await emailOf(member), 'billing-cancellation');
    expect(mail?.text).toContain('返金があるため、本日（2027年3月20日）で解約となり');
    expect(mail?.text).toContain('返金額：26,950円（税込）');
    expect(mail?.text).toContain('2027年3月27日までにご返送ください');

    // No renewal, ever; the robot not back a week after the end: the buyout.
    await moveClock(app, { to: '2027-03-28T10:00:00+09:00' });
    expect((await chargesOf(app, sub.id, ['buyout'])).map((charge) => charge.status)).toEqual(['succeeded']);
    await moveClock(app, { to: '2028-02-08T10:00:00+09:00' });
    expect((await chargesOf(app, sub.id, ['period'])).map((charge) => charge.periodStart)).toEqual(['2027-02-08']);
  });

  it('ESAT-J with a tablet in the trial: the five confirmations are required; shipping and the tablet are charged', async () => {
    await moveClock(app, { to: '2028-03-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ESAT-J_Plan_4', productId: 'esatj', months: 1 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2028-03-01');
    const { body } = await quote(member, 'esat');
    expect(body.data).toMatchObject({ endsAtOnce: true, device: 'tablet', fees: [{ kind: 'returnShipping', amount: 2600 }, { kind: 'tabletRental', amount: 11_583 }], refund: 0 });

    for (const confirmations of [undefined, [true, true, true, true], [true, true, false, true, true]]) {
      const refused = await member.post('/api/v2/cancel', { plan_name: 'esat', ...(confirmations ? { confirmations } : {}) });
      expect([refused.status, (await refused.json()).code]).toEqual([422, 'cancellationConfirmationsRequired']);
    }
    expect((await member.post('/api/v2/cancel', { plan_name: 'esat', confirmations: allFive })).status).toBe(200);
    expect((await chargesOf(app, sub.id, ['fee'])).map((fee) => [fee.amount, fee.status])).toEqual([
      [2600, 'succeeded'],
      [11_583, 'succeeded'],
    ]);
    const again = await member.post('/api/v2/cancel', { plan_name: 'esat', confirmations: allFive });
    expect([again.status, (await again.json()).code]).toEqual([409, 'alreadyCancelled']);
  });

  it('ESAT-J without a tablet after the trial: nothing to return, no fee', async () => {
    await moveClock(app, { to: '2028-04-03T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ESAT-J_Plan_1', productId: 'esatj', months: 1 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2028-04-03');
    await moveClock(app, { to: '2028-04-12T10:00:00+09:00' });
    const { body } = await quote(member, 'esat');
    expect(body.data).toMatchObject({ effectiveOn: '2028-05-10', endsAtOnce: false, fees: [], refund: 0, device: 'none', deviceReturnBy: null });
    expect((await member.post('/api/v2/cancel', { plan_name: 'esat', confirmations: allFive })).status).toBe(200);
    expect(await chargesOf(app, sub.id, ['fee'])).toEqual([]);
  });

  it('12 months over 50,000円 after the 70% window: the statutory floor is refunded (特定継続的役務提供), and so the contract ends that day', async () => {
    await moveClock(app, { to: '2028-06-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_3', productId: 'lessons-60', months: 12 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2028-06-01');
    await moveClock(app, { to: '2028-10-20T10:00:00+09:00' });
    // 125,136 paid on 2028-06-08; 5 months begun: delivered 52,140, penalty min(50,000, 20% of 72,996) = 14,599;
    // kept at most 66,739, so 125,136 + 2,600 − 66,739 comes back.
    const { body } = await quote(member, 'kimini');
    expect(body.data).toMatchObject({ refund: 60_997, refundRule: 'statutory', fees: [{ kind: 'returnShipping', amount: 2600 }], effectiveOn: '2028-10-20', endsAtOnce: true, deviceReturnBy: '2028-10-27' });
    expect(body.data.explanation).toContain('特定商取引法');
    // Two requests at once (a double click): one cancels, the other is told it is done already.
    const [a, b] = await Promise.all([member.post('/api/v2/cancel', { plan_name: 'kimini' }), member.post('/api/v2/cancel', { plan_name: 'kimini' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const history = (await (await member.get('/api/v2/billing-history')).json()).data as { kind: string; amount: number }[];
    expect(history.filter((item) => item.kind === 'refund')).toEqual([expect.objectContaining({ amount: -60_997 })]);
    expect(await chargesOf(app, sub.id, ['fee'])).toHaveLength(1);
  });

  it('retrying (unpaid): ends at once, the unpaid period is not charged any more', async () => {
    await moveClock(app, { to: '2029-01-08T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1, card: '4000000000000341' });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2029-01-08');
    await moveClock(app, { to: '2029-01-16T10:00:00+09:00' });
    expect(await onlySubscription(member)).toMatchObject({ status: 'retrying' });
    const { body } = await quote(member, 'kimini');
    expect(body.data).toMatchObject({ effectiveOn: '2029-01-16', endsAtOnce: true, refund: 0 });
    expect((await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['price'] })).status).toBe(200);
    expect((await chargesOf(app, sub.id, ['period'])).map((charge) => charge.status)).toEqual(['canceled']);
    await moveClock(app, { to: '2029-01-25T10:00:00+09:00' });
    expect((await chargesOf(app, sub.id, ['period'])).map((charge) => charge.status)).toEqual(['canceled']);
  });

  it('12 months outside the window, under 50,000円: no refund, so the service runs to the end of the paid year', async () => {
    await moveClock(app, { to: '2029-02-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_3', months: 12 });
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2029-02-01');
    await moveClock(app, { to: '2029-06-20T10:00:00+09:00' });
    const { body } = await quote(member, 'kimini');
    expect(body.data).toMatchObject({ effectiveOn: '2030-02-08', endsAtOnce: false, refund: 0, deviceReturnBy: '2030-02-15' });
    expect((await member.post('/api/v2/cancel', { plan_name: 'kimini' })).status).toBe(200);
    expect(await onlySubscription(member)).toMatchObject({
      status: 'cancelRequested',
      endsOn: '2030-02-08',
      nextPayAt: null,
      nextPayment: { kind: 'endsOn', on: '2030-02-08' },
      cancellation: { effectiveOn: '2030-02-08', endsAtOnce: false, refund: 0, deviceReturnBy: '2030-02-15' },
    });
  });

  it('no such plan: the member holds no plan of that kind; bad input; signed out', async () => {
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    for (const response of [await member.get('/api/v2/cancel/quote?plan_name=esat'), await member.post('/api/v2/cancel', { plan_name: 'esat', confirmations: allFive })]) {
      expect([response.status, (await response.json()).code]).toEqual([422, 'noSuchPlan']);
    }
    expect((await member.get('/api/v2/cancel/quote?plan_name=other')).status).toBe(400);
    expect((await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['bored'] })).status).toBe(400);
    expect((await member.post('/api/v2/cancel', { plan_name: 'kimini', comment: 'x'.repeat(2001) })).status).toBe(400);
    expect((await createBrowser(app).post('/api/v2/cancel', { plan_name: 'kimini' })).status).toBe(401);
    expect(await onlySubscription(member)).toMatchObject({ status: 'awaitingShipment' });
  });
});
