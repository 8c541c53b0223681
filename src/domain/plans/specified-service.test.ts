import { describe, expect, it } from 'vitest';
import { seedOptions } from '../../../api/db/catalogue-seed.ts';
import { toOptionItem } from './option-item.ts';
import { coolingOffLastDay, isSpecifiedServicePlan, isWithinCoolingOff } from './specified-service.ts';

const item = (id: string, price: number, original_price: number, contract_month: 1 | 3 | 12) => ({ id, price, original_price, contract_month });

describe('isSpecifiedServicePlan (product decision 30: over 2 months and over 50,000 yen in total)', () => {
  it.each([
    ['monthly, however expensive', item('ME_Plan_1', 60_000, 60_000, 1), false],
    ['3 months, 50,000 yen exactly', item('ME_Plan_2', 16_667, 16_667, 3), true],
    ['3 months, total 49,998 yen', item('ME_Plan_2', 16_666, 16_666, 3), false],
    ['3 months, total 50,001 yen', item('ME_Plan_2', 16_667, 16_667, 3), true],
    ['12 months of 4,000 yen: 48,000 yen', item('ME_Plan_3_9', 4_000, 4_000, 12), false],
    ['12 months of 4,200 yen: 50,400 yen', item('ME_Plan_3_9', 4_200, 4_200, 12), true],
    ['12-month kids plan: the robot is in the total', item('ME_Plan_3_1', 1_000, 1_000, 12), true],
    ['adult 3 months: the price is the total', item('adult_hawaii_4', 49_500, 16_500, 3), false],
    ['adult 12 months over 50,000', item('adult_hawaii_8', 99_000, 8_250, 12), true],
  ])('%s', (_name, option, expected) => {
    expect(isSpecifiedServicePlan(option)).toBe(expected);
  });

  it('follows the catalogue: every 12-month plan of 8 lessons a month and more qualifies, no monthly plan does', () => {
    const items = seedOptions.map(toOptionItem);
    const monthly = items.filter((option) => option.contract_month === 1);
    expect(monthly.length).toBeGreaterThan(0);
    expect(monthly.filter(isSpecifiedServicePlan)).toEqual([]);
    const yearlyEightOrMore = items.filter((option) => option.contract_month === 12 && /月(8|30|60)回/.test(option.name));
    expect(yearlyEightOrMore.length).toBeGreaterThan(0);
    expect(yearlyEightOrMore.every(isSpecifiedServicePlan)).toBe(true);
  });
});

describe('cooling-off: 8 days counting the day the 契約書面 arrives', () => {
  it.each([
    ['the day it arrives', '2027-04-01', '2027-04-01', true],
    ['the 8th day', '2027-04-01', '2027-04-08', true],
    ['the 9th day', '2027-04-01', '2027-04-09', false],
    ['across a month end', '2027-04-28', '2027-05-05', true],
    ['before it arrives', '2027-04-01', '2027-03-31', false],
    ['never sent', null, '2027-04-01', false],
  ])('%s', (_name, receivedOn, today, expected) => {
    expect(isWithinCoolingOff(receivedOn, today)).toBe(expected);
  });

  it('names the last day', () => {
    expect(coolingOffLastDay('2027-04-28')).toBe('2027-05-05');
  });
});
