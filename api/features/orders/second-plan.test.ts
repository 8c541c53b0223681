import { describe, expect, it } from 'vitest';
import { subscriptionsOf } from '../../../tests/support/billing.ts';
import { orderBody, placeOrder, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

/**
 * The second plan from My Page (product decision 23): /registration-mej adds an ESAT-J plan to a member
 * with a normal plan (and /registration-me the other way), with the saved address and card; one
 * plan of each kind, so two at most, whatever the browser shows.
 */
describe('a second plan from My Page', () => {
  it('adds an ESAT-J plan with the saved address and card; a second of either kind is refused (409)', async () => {
    const member = await signedUpMember(app);
    await placeOrder(member, orderBody('ESAT-J_Plan_1', { productId: 'esatj' }));
    const plans = await subscriptionsOf(member);
    expect(plans.map((plan) => [plan.kind, plan.category]).sort()).toEqual([
      ['esatj', 'esatj'],
      ['normal', 'kodomo'],
    ]);
    for (const body of [orderBody('ESAT-J_Plan_2', { productId: 'esatj' }), orderBody('ME_Plan_3', { productId: 'lessons-8' })]) {
      const refused = await member.post('/api/v2/registration', body);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'planAlreadyActive' });
    }
    expect(await subscriptionsOf(member)).toHaveLength(2);
  });

  it('adds a normal plan to an ESAT-J member', async () => {
    const member = await signedUpMember(app, { optionId: 'ESAT-J_Plan_1', productId: 'esatj' });
    await placeOrder(member, orderBody('ME_Plan_3', { productId: 'lessons-4' }));
    expect((await subscriptionsOf(member)).map((plan) => plan.kind).sort()).toEqual(['esatj', 'normal']);
  });

  it('orders again for a member whose every plan has ended (My Page offers both kinds then)', async () => {
    const member = await signedUpMember(app, { optionId: 'ME_Plan_1', months: 1 });
    // Cancelled in the trial: the plan ends at once.
    const cancelled = await member.post('/api/v2/cancel', { plan_name: 'kimini', reasons: ['price'], comment: '' });
    expect(cancelled.status).toBe(200);
    expect((await subscriptionsOf(member)).map((plan) => plan.status)).toEqual(['ended']);

    await placeOrder(member, orderBody('ME_Plan_3', { productId: 'lessons-4' }));
    expect((await subscriptionsOf(member)).map((plan) => [plan.kind, plan.status]).sort()).toEqual([
      ['normal', 'awaitingShipment'],
      ['normal', 'ended'],
    ]);
  });
});
