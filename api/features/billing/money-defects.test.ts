import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, emailOf, mailsTo, markShipped, moveClock, subscriptionsOf } from '../../../tests/support/billing.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { saveCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { orderBody, placeOrder, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/**
 * The money defects of issue 21, as fixed cases (each failed before its fix): the refund basis
 * after two switches on one day, and a fee whose charge fails (product decision 27). The generated lives
 * (tests/lives) hold the others too. The clock only moves forward: each test starts later.
 */
const app = useTestApp({ jobs: true });

function switchBody(optionId: string, productId: string, months: 1 | 3 | 12) {
  const { option, contract_month } = orderBody(optionId, { productId, months });
  return { productId, option: { id: option.id, name: option.name, price: option.price, textbook: [] }, contract_month };
}

async function planOf(member: TestBrowser, kind: 'normal' | 'esatj') {
  return (await subscriptionsOf(member)).find((sub) => sub.kind === kind)!;
}

describe('money defects (issue 21)', () => {
  it('two switches on one day, then a cancellation: the refund is computed from the last switch, the plan the member holds', async () => {
    await moveClock(app, { to: '2027-01-04T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    const sub = await planOf(member, 'normal');
    await markShipped(await adminBrowser(app), sub.id, '2027-01-04');
    await moveClock(app, { to: '2027-01-20T10:00:00+09:00' });
    expect((await member.post('/api/v2/switch-plan', switchBody('ME_Plan_3', 'lessons-4', 12))).status).toBe(200);
    expect((await member.post('/api/v2/switch-plan', switchBody('ME_Plan_3', 'lessons-60', 12))).status).toBe(200);
    expect((await chargesOf(app, sub.id, ['switch'])).map((charge) => charge.amount)).toEqual([46_200, 125_136]);

    // 125,136 for 12 months from today, one month begun: kept at most 10,428 + min(50,000, 20% of 114,708) = 33,370,
    // so 125,136 + 2,600 − 33,370 = 94,366 comes back (the first switch's 46,200 gave 29,645).
    const quote = (await (await member.get('/api/v2/cancel/quote?plan_name=kimini')).json()).data;
    expect(quote).toMatchObject({ refund: 94_366, refundRule: 'statutory', effectiveOn: '2027-01-20', endsAtOnce: true });
    expect(quote.explanation).toContain('125,136円');
    expect((await member.post('/api/v2/cancel', { plan_name: 'kimini' })).status).toBe(200);
    const history = (await (await member.get('/api/v2/billing-history')).json()).data as { kind: string; amount: number; description: string }[];
    expect(history.filter((item) => item.kind === 'refund')).toEqual([expect.objectContaining({ amount: -94_366, description: expect.stringContaining('月60回') })]);
  });

  it('a cancellation fee that fails: mailed, shown as an open payment with its reason, retried on product decision 14 days, paid at once by a new card; the other plan keeps its lessons', async () => {
    await moveClock(app, { to: '2027-03-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_3', productId: 'lessons-4', months: 12 });
    await placeOrder(member, orderBody('ESAT-J_Plan_4', { productId: 'esatj', months: 1 }));
    const admin = await adminBrowser(app);
    await markShipped(admin, (await planOf(member, 'normal')).id, '2027-03-01');
    await moveClock(app, { to: '2027-03-09T10:00:00+09:00' });
    expect(await planOf(member, 'normal')).toMatchObject({ status: 'active' });
    const esatj = await planOf(member, 'esatj');
    await markShipped(admin, esatj.id, '2027-03-09');
    // The card now refuses every charge; cancelling the ESAT-J trial charges shipping and the tablet.
    expect((await saveCard(member, TEST_CARDS.chargeDeclined)).status).toBe(200);
    expect((await member.post('/api/v2/cancel', { plan_name: 'esat', confirmations: [true, true, true, true, true] })).status).toBe(200);
    expect((await chargesOf(app, esatj.id, ['fee'])).map((fee) => [fee.amount, fee.status])).toEqual([
      [2600, 'failed'],
      [11_583, 'failed'],
    ]);
    const email = await emailOf(member);
    expect(await mailsTo(app, email, 'billing-payment-failed')).toHaveLength(2);
    expect((await planOf(member, 'esatj')).openPayments).toEqual([
      expect.objectContaining({ kind: 'fee', amount: 2600, failureCode: 'card_declined', nextRetryOn: '2027-03-10' }),
      expect.objectContaining({ kind: 'fee', amount: 11_583, failureCode: 'card_declined', nextRetryOn: '2027-03-10' }),
    ]);

    await moveClock(app, { to: '2027-03-22T10:00:00+09:00' });
    expect((await chargesOf(app, esatj.id, ['fee'])).map((fee) => fee.attempts)).toEqual([6, 6]);
    expect(await mailsTo(app, email, 'billing-final-notice')).toHaveLength(2);
    await moveClock(app, { to: '2027-03-24T10:00:00+09:00' });
    expect((await chargesOf(app, esatj.id, ['fee'])).map((fee) => fee.attempts)).toEqual([7, 7]);
    // The normal plan, paid, keeps its lessons.
    expect(await planOf(member, 'normal')).toMatchObject({ status: 'active', suspended: false });
    expect((await member.get('/api/v2/lesson-sso-link')).status).toBe(200);

    const saved = await saveCard(member, TEST_CARDS.succeeds);
    expect(((await saved.json()) as { billing?: unknown }).billing).toEqual({ result: 'paid' });
    expect((await chargesOf(app, esatj.id, ['fee'])).map((fee) => fee.status)).toEqual(['succeeded', 'succeeded']);
    expect((await planOf(member, 'esatj')).openPayments).toEqual([]);
  });
});
