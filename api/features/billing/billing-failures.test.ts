import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localGatewayIntents, localSchoolAccounts } from '../../db/schema/index.ts';
import { chargesOf, emailOf, mailsTo, memberShippedOn, moveClock, onlySubscription } from '../../../tests/support/billing.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { saveCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';

/**
 * Failed payments (product decision 14): retries on days 1, 3, 5, 7, 10 and 14 after the first failure,
 * the member mailed at the first failure and before the last retry, lessons suspended after it;
 * a new card pays at once, lessons resume, retries stop. A hard decline waits for a new card.
 */
const app = useTestApp({ jobs: true });


async function newCard(member: TestBrowser, number: string) {
  const response = await saveCard(member, number);
  expect(response.status).toBe(200);
  return (await response.json()) as { billing?: { result: string; code?: string; client_secret?: string; payment_intent_id?: string } };
}

/** Waits until the lesson school (simulator) says the account has the status. */
async function lessonStatusBecomes(lessonAccountId: string, status: string) {
  return waitFor(async () => {
    const [row] = await app.ctx.database.db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.id, lessonAccountId));
    return row?.status === status ? status : undefined;
  });
}

describe('failed payments', () => {
  it('retries on days 1, 3, 5, 7, 10, 14; mails at the first failure and before the last; then suspends the lessons; a new card pays and resumes them', async () => {
    await moveClock(app, { to: '2027-03-01T10:00:00+09:00' });
    const { member, subscriptionId } = await memberShippedOn(app, '2027-03-01', TEST_CARDS.chargeDeclined);
    const email = await emailOf(member);

    await moveClock(app, { to: '2027-03-08T08:00:00+09:00' });
    // Retrying, not past due (product decision 28): lessons continue while the retries run.
    expect(await onlySubscription(member)).toMatchObject({
      status: 'retrying',
      suspended: false,
      nextPayAt: '2027-03-09',
      nextPayment: { kind: 'date', on: '2027-03-09' },
      pastDue: { amount: 4620, failureCode: 'card_declined', nextRetryOn: '2027-03-09' },
    });
    const [failedMail] = await mailsTo(app, email, 'billing-payment-failed');
    expect(failedMail?.text).toContain('レッスンは引き続きご利用いただけます');
    expect((await member.get('/api/v2/lesson-sso-link')).status).toBe(200);

    const attemptsOn: Record<string, number> = {};
    const statusOn: Record<number, string> = {};
    for (let day = 9; day <= 24; day += 1) {
      await moveClock(app, { to: `2027-03-${String(day).padStart(2, '0')}T08:00:00+09:00` });
      attemptsOn[day] = (await chargesOf(app, subscriptionId))[0]!.attempts;
      statusOn[day] = (await onlySubscription(member)).status;
    }
    // One attempt on the first day, then one on each retry day, and none in between.
    expect(attemptsOn).toMatchObject({ 9: 2, 10: 2, 11: 3, 12: 3, 13: 4, 15: 5, 17: 5, 18: 6, 21: 6, 22: 7, 24: 7 });
    // Retrying until the last retry fails (day 14), past due from then on.
    expect(statusOn).toMatchObject({ 9: 'retrying', 21: 'retrying', 22: 'pastDue', 24: 'pastDue' });
    expect(await mailsTo(app, email, 'billing-payment-failed')).toHaveLength(1);
    expect(await mailsTo(app, email, 'billing-final-notice')).toHaveLength(1);
    expect(await mailsTo(app, email, 'billing-suspended')).toHaveLength(1);
    const suspended = await onlySubscription(member);
    expect(suspended).toMatchObject({ status: 'pastDue', suspended: true, nextPayAt: null, nextPayment: { kind: 'suspended' } });

    // Lessons stop at the school, and the sign-on link says why; My Page's line says suspended, never "after shipping".
    const userdata = (await (await member.get('/api/v2/userdata')).json()).data[0];
    expect(userdata.next_payment).toEqual({ kind: 'suspended' });
    const lessonId = userdata.kimini.id as string;
    expect(await lessonStatusBecomes(lessonId, 'suspended')).toBe('suspended');
    expect((await (await member.get('/api/v2/lesson-sso-link')).json()).code).toBe('lessonsSuspended');

    // A new card pays at once; the lessons come back; retries stop.
    expect((await newCard(member, TEST_CARDS.succeeds)).billing).toEqual({ result: 'paid' });
    expect(await onlySubscription(member)).toMatchObject({ status: 'active', suspended: false, currentPeriodStart: '2027-03-08', nextPayAt: '2027-04-08' });
    expect(await lessonStatusBecomes(lessonId, 'active')).toBe('active');
    expect((await member.get('/api/v2/lesson-sso-link')).status).toBe(200);
    await moveClock(app, { to: '2027-04-07T08:00:00+09:00' });
    const [charge] = await chargesOf(app, subscriptionId);
    expect(charge).toMatchObject({ status: 'succeeded', attempts: 8, amount: 4620 });
    expect(await mailsTo(app, email, 'billing-period-paid')).toHaveLength(1);
  });

  it('a card without funds, then a new card: one successful charge, and the retries stop', async () => {
    await moveClock(app, { to: '2027-04-07T10:00:00+09:00' });
    const { member, subscriptionId } = await memberShippedOn(app, '2027-04-07', TEST_CARDS.insufficientFunds);
    await moveClock(app, { to: '2027-04-14T08:00:00+09:00' });
    expect(await onlySubscription(member)).toMatchObject({ status: 'retrying', pastDue: { failureCode: 'insufficient_funds' } });
    expect((await newCard(member, TEST_CARDS.succeeds)).billing).toEqual({ result: 'paid' });
    for (const day of ['2027-04-15', '2027-04-17', '2027-04-21', '2027-04-28']) await moveClock(app, { to: `${day}T08:00:00+09:00` });
    const charges = await chargesOf(app, subscriptionId);
    expect(charges.map((charge) => [charge.periodStart, charge.status, charge.attempts])).toEqual([['2027-04-14', 'succeeded', 2]]);
    // At the gateway: one failed and one succeeded payment for this charge, nothing else.
    const intents = await app.ctx.database.db.select().from(localGatewayIntents).where(and(eq(localGatewayIntents.kind, 'payment')));
    const ours = intents.filter((intent) => intent.idempotencyKey.startsWith(`sub:${subscriptionId}:`));
    expect(ours.map((intent) => intent.status).sort()).toEqual(['requires_payment_method', 'succeeded']);
  });

  it('a card that needs 3-D Secure on every charge: not retried off session; the member pays in My Page with 3-D Secure', async () => {
    await moveClock(app, { to: '2027-04-28T10:00:00+09:00' });
    // The order itself passed 3-D Secure (the card asks at its setup too).
    const { member, subscriptionId } = await memberShippedOn(app, '2027-04-28', TEST_CARDS.authenticate);
    await moveClock(app, { to: '2027-05-05T08:00:00+09:00' });
    expect(await onlySubscription(member)).toMatchObject({ status: 'retrying', nextPayAt: null, nextPayment: { kind: 'newCard' }, pastDue: { failureCode: 'authentication_required', nextRetryOn: null } });
    await moveClock(app, { to: '2027-05-08T08:00:00+09:00' });
    expect((await chargesOf(app, subscriptionId))[0]!.attempts).toBe(1);

    const retry = await member.post('/api/v2/billing/retry', {});
    expect(retry.status).toBe(200);
    const action = (await retry.json()) as { requires_action: boolean; client_secret: string; payment_intent_id: string };
    expect(action).toMatchObject({ requires_action: true, client_secret: expect.stringContaining('_secret_') });
    // The bank's page (the browser's dialog): approved.
    const approved = await member.post(`/api/v2/local-gateway/intents/${action.payment_intent_id}/authenticate`, { client_secret: action.client_secret, approve: true });
    expect(approved.status).toBe(200);
    const done = await member.post('/api/v2/billing/retry', { payment_intent_id: action.payment_intent_id });
    expect(await done.json()).toMatchObject({ requires_action: false, result: 'paid' });
    expect(await onlySubscription(member)).toMatchObject({ status: 'active', currentPeriodStart: '2027-05-05' });
    expect((await chargesOf(app, subscriptionId)).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('a clock move answers only once the day\'s retries are settled, however slow the gateway (the lives\' race on PostgreSQL)', async () => {
    await moveClock(app, { to: '2027-06-01T10:00:00+09:00' });
    const { member, subscriptionId } = await memberShippedOn(app, '2027-06-01', TEST_CARDS.chargeDeclined);
    await moveClock(app, { to: '2027-06-08T08:00:00+09:00' });
    expect((await onlySubscription(member)).status).toBe('retrying');
    // userdata reads the plan and its failed charge in one query; it tells the same next retry as My Page.
    const [line] = (await (await member.get('/api/v2/userdata')).json()).data;
    expect(line.next_payment).toEqual({ kind: 'date', on: '2027-06-09' });
    expect(line.next_payment).toEqual((await onlySubscription(member)).nextPayment);
    const gateway = app.ctx.payments;
    const ask = gateway.createPaymentIntent.bind(gateway);
    // The retry sits at the gateway while /dev/clock looks for due work: the charge is processing,
    // so the wake-up query no longer lists the subscription, yet the day's work is not done.
    gateway.createPaymentIntent = async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      return ask(input);
    };
    try {
      for (const [day, attempts] of [['2027-06-09', 2], ['2027-06-11', 3], ['2027-06-13', 4], ['2027-06-15', 5], ['2027-06-18', 6], ['2027-06-22', 7]] as const) {
        await moveClock(app, { to: `${day}T08:00:00+09:00` });
        expect((await chargesOf(app, subscriptionId)).map((charge) => [charge.status, charge.attempts])).toEqual([['failed', attempts]]);
      }
    } finally {
      gateway.createPaymentIntent = ask;
    }
    // The last retry failed: suspended on that very move, not one step later.
    expect(await onlySubscription(member)).toMatchObject({ status: 'pastDue', suspended: true, nextPayment: { kind: 'suspended' } });
  });

  it('nothing past due: the retry says so', async () => {
    const member = await signedUpMember(app);
    expect(await (await member.post('/api/v2/billing/retry', {})).json()).toMatchObject({ requires_action: false, result: 'nothingDue' });
  });
});
