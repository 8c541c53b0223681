import { describe, expect, it } from 'vitest';
import { adminBrowser, chargesOf, markShipped, moveClock, onlySubscription, subscriptionsOf } from '../../../tests/support/billing.ts';
import { createBrowser, type TestBrowser } from '../../../tests/support/browser.ts';
import { createPaymentMethod, orderBody, signedUpMember, TEST_CARDS } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/**
 * Plan switch (spec §2 and §4, product decision 15): charged on the day through the ledger, the new
 * period starts that day; 3-D Secure through requires_action and payment_intent_id; refused in
 * the trial and across kinds; a double post never charges twice. The clock only moves forward:
 * each test starts on a later day.
 */
const app = useTestApp({ jobs: true });

/** The body the page posts for a seeded plan. */
function switchBody(optionId: string, options: { productId?: string; months?: 1 | 3 | 12; key?: string } = {}) {
  const { productId, option, contract_month } = orderBody(optionId, options);
  return { productId, option: { id: option.id, name: option.name, price: option.price, textbook: [] }, contract_month, ...(options.key ? { idempotency_key: options.key } : {}) };
}

/** A member whose monthly plan is paid and running (the trial is over). */
async function activeMember(on: string, card: string = TEST_CARDS.succeeds): Promise<{ member: TestBrowser; subscriptionId: string }> {
  await moveClock(app, { to: `${on}T10:00:00+09:00` });
  const member = await signedUpMember(app, { card, optionId: 'ME_Plan_1', months: 1 });
  const sub = await onlySubscription(member);
  expect((await markShipped(await adminBrowser(app), sub.id, on)).status).toBe(200);
  const trialEnd = new Date(`${on}T10:00:00+09:00`);
  trialEnd.setUTCDate(trialEnd.getUTCDate() + 7);
  await moveClock(app, { to: trialEnd.toISOString() });
  expect(await onlySubscription(member)).toMatchObject({ status: 'active' });
  return { member, subscriptionId: sub.id };
}

describe('plan switch', () => {
  it('preview: the new plan, its price, what is charged today and the next payment date', async () => {
    const { member } = await activeMember('2027-01-04');
    const response = await member.post('/api/v2/switch-plan/preview', switchBody('ME_Plan_2', { productId: 'lessons-4' }));
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ planName: 'ベーシックプラン 3か月 月4回', price: 12_705, price_change: null, chargedToday: 12_705, nextPayAt: '2027-04-11' });
  });

  it('switch without 3-D Secure: charged at once, the new period starts today, the plan name comes back', async () => {
    const { member, subscriptionId } = await activeMember('2027-02-01');
    const response = await member.post('/api/v2/switch-plan', switchBody('ME_Plan_3', { productId: 'lessons-8' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', requires_action: false, plan: { name: 'ベーシックプラン 12か月 月8回' } });
    expect(await onlySubscription(member)).toMatchObject({
      optionId: 'ME_Plan_3',
      productId: 'lessons-8',
      contractMonth: 12,
      status: 'active',
      currentPeriodStart: '2027-02-08',
      currentPeriodEnd: '2028-02-08',
      nextPayAt: '2028-02-08',
    });
    const switches = await chargesOf(app, subscriptionId, ['switch']);
    expect(switches).toMatchObject([{ status: 'succeeded', amount: 68_376, periodStart: '2027-02-08' }]);
    const history = (await (await member.get('/api/v2/billing-history')).json()).data as { kind: string; amount: number }[];
    expect(history[0]).toMatchObject({ kind: 'switch', amount: 68_376 });
  });

  it('with 3-D Secure: requires_action, the member confirms, posts again with payment_intent_id and the switch is done', async () => {
    const { member, subscriptionId } = await activeMember('2027-03-01');
    expect((await member.post('/api/v2/card', { token: await createPaymentMethod(member, TEST_CARDS.authenticate), name: 'HANAKO YAMADA' })).status).toBe(200);
    const body = switchBody('ME_Plan_2', { productId: 'lessons-4', key: crypto.randomUUID() });
    const first = await (await member.post('/api/v2/switch-plan', body)).json();
    expect(first).toMatchObject({ requires_action: true, client_secret: expect.stringContaining('_secret_'), payment_intent_id: expect.any(String) });
    // A double click while the bank's page is open: the same question, no second charge.
    const again = await (await member.post('/api/v2/switch-plan', body)).json();
    expect(again).toMatchObject({ requires_action: true, payment_intent_id: first.payment_intent_id });
    expect((await member.post(`/api/v2/local-gateway/intents/${first.payment_intent_id}/authenticate`, { client_secret: first.client_secret, approve: true })).status).toBe(200);
    const done = await member.post('/api/v2/switch-plan', { ...body, payment_intent_id: first.payment_intent_id });
    expect(await done.json()).toMatchObject({ requires_action: false, plan: { name: 'ベーシックプラン 3か月 月4回' } });
    expect(await onlySubscription(member)).toMatchObject({ optionId: 'ME_Plan_2', contractMonth: 3, currentPeriodStart: '2027-03-08' });
    // The same post once more (a retry after a lost reply): the same answer, still one charge.
    expect(await (await member.post('/api/v2/switch-plan', body)).json()).toMatchObject({ requires_action: false });
    expect(await chargesOf(app, subscriptionId, ['switch'])).toMatchObject([{ status: 'succeeded', amount: 12_705 }]);
  });

  it('one switch at a time: while one waits for 3-D Secure, another plan is refused; the first still completes', async () => {
    const { member, subscriptionId } = await activeMember('2027-03-22');
    await member.post('/api/v2/card', { token: await createPaymentMethod(member, TEST_CARDS.authenticate), name: 'HANAKO YAMADA' });
    const first = switchBody('ME_Plan_2', { productId: 'lessons-4', key: crypto.randomUUID() });
    const waiting = await (await member.post('/api/v2/switch-plan', first)).json();
    expect(waiting).toMatchObject({ requires_action: true });
    const other = await member.post('/api/v2/switch-plan', switchBody('ME_Plan_3', { productId: 'lessons-4', key: crypto.randomUUID() }));
    expect([other.status, (await other.json()).code]).toEqual([409, 'chargeInProgress']);
    await member.post(`/api/v2/local-gateway/intents/${waiting.payment_intent_id}/authenticate`, { client_secret: waiting.client_secret, approve: true });
    expect(await (await member.post('/api/v2/switch-plan', { ...first, payment_intent_id: waiting.payment_intent_id })).json()).toMatchObject({ requires_action: false });
    expect((await chargesOf(app, subscriptionId, ['switch'])).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('a refused authentication: the switch fails, the plan stays', async () => {
    const { member, subscriptionId } = await activeMember('2027-04-01');
    await member.post('/api/v2/card', { token: await createPaymentMethod(member, TEST_CARDS.authenticate), name: 'HANAKO YAMADA' });
    const first = await (await member.post('/api/v2/switch-plan', switchBody('ME_Plan_2', { productId: 'lessons-4' }))).json();
    await member.post(`/api/v2/local-gateway/intents/${first.payment_intent_id}/authenticate`, { client_secret: first.client_secret, approve: false });
    const done = await member.post('/api/v2/switch-plan', { ...switchBody('ME_Plan_2', { productId: 'lessons-4' }), payment_intent_id: first.payment_intent_id });
    expect(done.status).toBe(422);
    expect((await done.json()).code).toBe('authenticationFailed');
    expect(await onlySubscription(member)).toMatchObject({ optionId: 'ME_Plan_1' });
    expect(await chargesOf(app, subscriptionId, ['switch'])).toMatchObject([{ status: 'failed' }]);
  });

  it('double posts without a key (a double click): one charge; the second is told the plan is already that plan', async () => {
    const { member, subscriptionId } = await activeMember('2027-05-03');
    const body = switchBody('ME_Plan_2', { productId: 'lessons-8' });
    const [a, b] = await Promise.all([member.post('/api/v2/switch-plan', body), member.post('/api/v2/switch-plan', body)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const late = await member.post('/api/v2/switch-plan', body);
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('switchSamePlan');
    expect(await chargesOf(app, subscriptionId, ['switch'])).toMatchObject([{ status: 'succeeded' }]);
  });

  it('two tabs switching to different plans at the same instant: one switch, one charge', async () => {
    const { member, subscriptionId } = await activeMember('2027-05-24');
    const [a, b] = await Promise.all([
      member.post('/api/v2/switch-plan', switchBody('ME_Plan_2', { productId: 'lessons-4', key: crypto.randomUUID() })),
      member.post('/api/v2/switch-plan', switchBody('ME_Plan_3', { productId: 'lessons-4', key: crypto.randomUUID() })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await chargesOf(app, subscriptionId, ['switch'])).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('refused in the trial (through the support form), before shipping, across kinds, and without a plan', async () => {
    await moveClock(app, { to: '2027-06-01T10:00:00+09:00' });
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    const waiting = await member.post('/api/v2/switch-plan', switchBody('ME_Plan_2', { productId: 'lessons-4' }));
    expect([waiting.status, (await waiting.json()).code]).toEqual([422, 'switchInTrial']);
    const sub = await onlySubscription(member);
    await markShipped(await adminBrowser(app), sub.id, '2027-06-01');
    const trial = await member.post('/api/v2/switch-plan', switchBody('ME_Plan_2', { productId: 'lessons-4' }));
    expect([trial.status, (await trial.json()).code]).toEqual([422, 'switchInTrial']);
    const preview = await member.post('/api/v2/switch-plan/preview', switchBody('ME_Plan_2', { productId: 'lessons-4' }));
    expect([preview.status, (await preview.json()).code]).toEqual([422, 'switchInTrial']);
    const otherKind = await member.post('/api/v2/switch-plan', switchBody('ESAT-J_Plan_1'));
    expect([otherKind.status, (await otherKind.json()).code]).toEqual([422, 'switchOtherKind']);
    expect(await chargesOf(app, sub.id, ['switch'])).toEqual([]);

    // A member whose only plan has ended (cancelled before shipping).
    const noPlan = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    expect((await noPlan.post('/api/v2/cancel', { plan_name: 'kimini', reasons: [] })).status).toBe(200);
    const none = await noPlan.post('/api/v2/switch-plan', switchBody('ME_Plan_2', { productId: 'lessons-4' }));
    expect([none.status, (await none.json()).code]).toEqual([422, 'noSuchPlan']);
  });

  it('checks the input: a stale price, an unknown plan, a malformed body, signed out', async () => {
    const { member } = await activeMember('2027-07-01');
    const stale = switchBody('ME_Plan_2', { productId: 'lessons-4' });
    stale.option.price += 1;
    expect((await (await member.post('/api/v2/switch-plan', stale)).json()).code).toBe('priceChanged');
    expect((await (await member.post('/api/v2/switch-plan', { ...stale, option: { ...stale.option, id: 'nope' } })).json()).code).toBe('planUnavailable');
    expect((await member.post('/api/v2/switch-plan', { productId: 'lessons-4' })).status).toBe(400);
    expect((await subscriptionsOf(member))[0]).toMatchObject({ optionId: 'ME_Plan_1' });
    const stranger = createBrowser(app);
    expect((await stranger.post('/api/v2/switch-plan', stale)).status).toBe(401);
  });

  it('declined without a key, then tried again with another card: a new attempt, not the old refusal', async () => {
    const { member, subscriptionId } = await activeMember('2027-08-02');
    await member.post('/api/v2/card', { token: await createPaymentMethod(member, TEST_CARDS.chargeDeclined), name: 'HANAKO YAMADA' });
    const body = switchBody('ME_Plan_2', { productId: 'lessons-4' });
    const declined = await member.post('/api/v2/switch-plan', body);
    expect(declined.status).toBe(422);
    expect(await onlySubscription(member)).toMatchObject({ optionId: 'ME_Plan_1' });

    await member.post('/api/v2/card', { token: await createPaymentMethod(member, TEST_CARDS.succeeds), name: 'HANAKO YAMADA' });
    const retried = await member.post('/api/v2/switch-plan', body);
    expect(retried.status).toBe(200);
    expect(await onlySubscription(member)).toMatchObject({ optionId: 'ME_Plan_2' });
    expect((await chargesOf(app, subscriptionId, ['switch'])).map((charge) => charge.status).sort()).toEqual(['failed', 'succeeded']);
    // A double post after that is still the same switch: nothing more is charged.
    expect((await member.post('/api/v2/switch-plan', body)).status).toBe(409);
    expect(await chargesOf(app, subscriptionId, ['switch'])).toHaveLength(2);
  });
});
