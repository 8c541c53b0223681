import { describe, expect, it } from 'vitest';
import { switchChargeAmount, switchRefusal } from './switch.ts';

const current = { kind: 'normal' as const, optionId: 'ME_Plan_2', productId: 'lessons-4', safetyPlan: false, contractMonth: 3 as const };

describe('plan switch (product decision 15)', () => {
  it.each([
    ['in the trial: through the support form', 'trialing', { ...current, optionId: 'ME_Plan_3' }, 'switchInTrial'],
    ['before shipping: through the support form', 'awaitingShipment', { ...current, optionId: 'ME_Plan_3' }, 'switchInTrial'],
    ['past due: pay first', 'pastDue', { ...current, optionId: 'ME_Plan_3' }, 'switchNotActive'],
    ['cancellation requested: no switch', 'cancelRequested', { ...current, optionId: 'ME_Plan_3' }, 'switchNotActive'],
    ['to the same plan: nothing to do', 'active', current, 'switchSamePlan'],
    ['to ESAT-J: another kind of plan, added from My Page instead', 'active', { ...current, kind: 'esatj' as const, optionId: 'ESAT-J_Plan_1', productId: 'esatj' }, 'switchOtherKind'],
    ['active to another period: allowed', 'active', { ...current, optionId: 'ME_Plan_3' }, undefined],
    ['active to another lesson count: allowed', 'active', { ...current, productId: 'lessons-8' }, undefined],
    ['active, same option sold for another period (adult 3 → 12 months): allowed', 'active', { ...current, contractMonth: 12 as const }, undefined],
    ['active, same option and period: nothing to do', 'active', { ...current, contractMonth: 3 as const }, 'switchSamePlan'],
    ['ESAT-J with the safety plan added: allowed', 'active', { ...current, safetyPlan: true }, undefined],
  ] as const)('%s', (_name, status, target, refusal) => {
    expect(switchRefusal(status, current, target)).toBe(refusal);
  });

  it.each<[{ priceChange: number | null; periodPrice: number }, number, string]>([
    [{ priceChange: null, periodPrice: 46_200 }, 46_200, 'the new plan’s period price'],
    [{ priceChange: 30_000, periodPrice: 46_200 }, 30_000, 'price_change when the catalogue gives one'],
  ])('charges %o → %i (%s)', (target, amount) => {
    expect(switchChargeAmount(target)).toBe(amount);
  });
});
