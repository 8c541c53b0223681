import { describe, expect, it } from 'vitest';
import { chargeThatStartedPeriod, isSpecifiedContinuousService, quoteCancellation, statutoryMaximumKept, type CancellationInput } from './cancellation.ts';

/**
 * Cancellation, row by row (spec §9, product decision 16). Figures from the seeded catalogue:
 * original 12 months × 60 lessons 10,428円/month → 125,136円 a period (over 50,000円: 特定継続的役務提供);
 * original 12 months × 4 lessons 46,200円; original 3 months × 60 lessons 34,419円; monthly 4 lessons 4,620円;
 * ESAT-J tablet 12 months with the safety plan 69,960円.
 */
const trialEnd = '2026-01-10';
const firstYear = { start: '2026-01-10', end: '2027-01-10' };
const base = { trialEndsOn: trialEnd, today: '2026-02-20' } as const;

const rows: [string, CancellationInput, Partial<ReturnType<typeof quoteCancellation>>][] = [
  [
    'before shipping: ends at once, no fee, nothing to return',
    { ...base, status: 'awaitingShipment', packageType: 'original', contractMonths: 12, trialEndsOn: null, period: null, paidForPeriod: 0, today: '2026-01-02' },
    { effectiveOn: '2026-01-02', endsAtOnce: true, fees: [], refund: 0, deviceReturnBy: null },
  ],
  [
    'in the trial (robot): ends at once, 2,600円 return shipping, robot back within a week',
    { ...base, status: 'trialing', packageType: 'kids', contractMonths: 12, period: null, paidForPeriod: 0, today: '2026-01-06' },
    { effectiveOn: '2026-01-06', endsAtOnce: true, fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 0, deviceReturnBy: '2026-01-13' },
  ],
  [
    'in the trial (ESAT-J tablet): shipping and the tablet 11,583円',
    { ...base, status: 'trialing', packageType: 'ipad', contractMonths: 3, period: null, paidForPeriod: 0, today: '2026-01-06' },
    { endsAtOnce: true, fees: [{ kind: 'returnShipping', amount: 2600 }, { kind: 'tabletRental', amount: 11583 }], refund: 0, deviceReturnBy: '2026-01-13' },
  ],
  [
    'in the trial (ESAT-J without tablet): no fee, workbooks are kept',
    { ...base, status: 'trialing', packageType: 'standard', contractMonths: 1, period: null, paidForPeriod: 0, today: '2026-01-06' },
    { endsAtOnce: true, fees: [], refund: 0, deviceReturnBy: null },
  ],
  [
    'monthly plan after the trial: ends with the month, no refund',
    { ...base, status: 'active', packageType: 'original', contractMonths: 1, period: { start: '2026-02-10', end: '2026-03-10' }, paidForPeriod: 4620 },
    { effectiveOn: '2026-03-10', endsAtOnce: false, refund: 0, refundRule: 'none', deviceReturnBy: '2026-03-17' },
  ],
  [
    '3 months within 1 month of trial end: 34,419 ÷ 3 × 2 remaining × 70%',
    { ...base, status: 'active', packageType: 'original', contractMonths: 3, period: { start: trialEnd, end: '2026-04-10' }, paidForPeriod: 34_419, today: '2026-01-25' },
    { effectiveOn: '2026-01-25', endsAtOnce: true, refund: 16_062, refundRule: 'seventyPercent', usedMonths: 1, remainingMonths: 2, deviceReturnBy: '2026-02-01' },
  ],
  [
    '3 months on the last day of the window (Feb 9)',
    { ...base, status: 'active', packageType: 'original', contractMonths: 3, period: { start: trialEnd, end: '2026-04-10' }, paidForPeriod: 34_419, today: '2026-02-09' },
    { refund: 16_062, usedMonths: 1 },
  ],
  [
    '3 months after the window (Feb 10): no refund',
    { ...base, status: 'active', packageType: 'original', contractMonths: 3, period: { start: trialEnd, end: '2026-04-10' }, paidForPeriod: 34_419, today: '2026-02-10' },
    { refund: 0, refundRule: 'none', usedMonths: 2 },
  ],
  [
    '12 months under 50,000円 within 3 months: 46,200 ÷ 12 × 10 × 70%',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 46_200 },
    { effectiveOn: '2026-02-20', endsAtOnce: true, refund: 26_950, refundRule: 'seventyPercent', usedMonths: 2, remainingMonths: 10 },
  ],
  [
    '12 months under 50,000円 after the window: no refund',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 46_200, today: '2026-04-10' },
    { effectiveOn: '2027-01-10', endsAtOnce: false, refund: 0, refundRule: 'none', usedMonths: 4 },
  ],
  [
    '12 months over 50,000円 within the window: the statutory floor beats 70% (125,136 + 2,600 − (20,856 + 20,856))',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 125_136 },
    { refund: 86_024, refundRule: 'statutory', usedMonths: 2 },
  ],
  [
    '12 months over 50,000円 after the window: the law still refunds (125,136 + 2,600 − (41,712 + 16,685))',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 125_136, today: '2026-05-01' },
    { effectiveOn: '2026-05-01', endsAtOnce: true, deviceReturnBy: '2026-05-08', refund: 69_339, refundRule: 'statutory', usedMonths: 4 },
  ],
  [
    '12 months over 50,000円 in its last month: all was delivered, so only the return shipping is given back (what is kept never exceeds the cap)',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 125_136, today: '2026-12-20' },
    { refund: 2600, refundRule: 'statutory', usedMonths: 12, remainingMonths: 0 },
  ],
  [
    'a renewed 12-month period (second year): no 70% window, the statutory floor applies',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, trialEndsOn: '2025-01-10', period: firstYear, paidForPeriod: 125_136 },
    { refund: 86_024, refundRule: 'statutory' },
  ],
  [
    'kids 12 months (robot included, 159,600円) in month 1: 159,600 + 2,600 − (13,300 + 29,260)',
    { ...base, status: 'active', packageType: 'kids', contractMonths: 12, period: firstYear, paidForPeriod: 159_600, today: '2026-01-15' },
    { refund: 119_640, refundRule: 'statutory', usedMonths: 1 },
  ],
  [
    'ESAT-J tablet 12 months with safety plan (69,960円) within the window: 69,960 + 2,600 − (11,660 + 11,660)',
    { ...base, status: 'active', packageType: 'ipad', contractMonths: 12, period: firstYear, paidForPeriod: 69_960 },
    { fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 49_240, refundRule: 'statutory', effectiveOn: '2026-02-20', deviceReturnBy: '2026-02-27' },
  ],
  [
    'a 12-month contract with a penalty over 50,000円 (600,000円 a year): the penalty stops at 50,000円',
    { ...base, status: 'active', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 600_000 },
    { refund: 452_600, refundRule: 'statutory', usedMonths: 2 },
  ],
  [
    '3 months over 50,000円 after its window (a 60,000円 contract): no 70% refund, but the statutory floor (60,000 + 2,600 − (40,000 + 4,000))',
    { ...base, status: 'active', packageType: 'original', contractMonths: 3, period: { start: trialEnd, end: '2026-04-10' }, paidForPeriod: 60_000 },
    { refund: 18_600, refundRule: 'statutory', usedMonths: 2, remainingMonths: 1 },
  ],
  [
    'ESAT-J tablet 3 months within 1 month of trial end (17,160円): 70% of 2 months, shipping back, no tablet fee after the trial',
    { ...base, status: 'active', packageType: 'ipad', contractMonths: 3, period: { start: trialEnd, end: '2026-04-10' }, paidForPeriod: 17_160, today: '2026-01-20' },
    { fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 8008, refundRule: 'seventyPercent', effectiveOn: '2026-01-20', deviceReturnBy: '2026-01-27' },
  ],
  [
    'ESAT-J without tablet 12 months (39,600円) within the window: 70% of 10 months, no fee, nothing to return',
    { ...base, status: 'active', packageType: 'standard', contractMonths: 12, period: firstYear, paidForPeriod: 39_600 },
    { effectiveOn: '2026-02-20', endsAtOnce: true, fees: [], refund: 23_100, refundRule: 'seventyPercent', deviceReturnBy: null, device: 'none' },
  ],
  [
    'ESAT-J without tablet 12 months after the window: no refund, no fee',
    { ...base, status: 'active', packageType: 'standard', contractMonths: 12, period: firstYear, paidForPeriod: 39_600, today: '2026-06-01' },
    { effectiveOn: '2027-01-10', endsAtOnce: false, fees: [], refund: 0, refundRule: 'none' },
  ],
  [
    '12 months in the trial (kids robot): ends at once, only the return shipping, nothing paid to refund',
    { ...base, status: 'trialing', packageType: 'kids', contractMonths: 12, period: null, paidForPeriod: 0, today: '2026-01-09' },
    { effectiveOn: '2026-01-09', endsAtOnce: true, fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 0, refundRule: 'none' },
  ],
  [
    'past due: ends at once, nothing was paid for the period, the robot goes back',
    { ...base, status: 'pastDue', packageType: 'original', contractMonths: 12, period: firstYear, paidForPeriod: 0 },
    { effectiveOn: '2026-02-20', endsAtOnce: true, fees: [{ kind: 'returnShipping', amount: 2600 }], refund: 0, deviceReturnBy: '2026-02-27' },
  ],
];

describe('the cancellation quote', () => {
  it.each(rows)('%s', (_name, input, expected) => {
    expect(quoteCancellation(input)).toMatchObject(expected);
  });

  it('explains every figure it states', () => {
    const quote = quoteCancellation(rows[10]![1]);
    expect(quote.explanation.map((line) => line.key)).toEqual(['endsNowWithRefund', 'feeShipping', 'deviceReturn', 'refundSeventyPercent', 'statutoryApplies', 'statutoryFloorWins']);
    expect(quote.explanation.find((line) => line.key === 'statutoryApplies')?.values).toMatchObject({ delivered: 20_856, penalty: 20_856, cap: 41_712, floor: 86_024 });
  });
});

describe('product decision 16 (revised): the two cases after the trial', () => {
  it('a refund ends the contract on the cancellation day; no refund runs to the end of the paid period', () => {
    for (const [, input] of rows) {
      const quote = quoteCancellation(input);
      if (input.status !== 'active') continue;
      if (quote.refund > 0) expect({ effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce }).toEqual({ effectiveOn: input.today, endsAtOnce: true });
      else expect({ effectiveOn: quote.effectiveOn, endsAtOnce: quote.endsAtOnce }).toEqual({ effectiveOn: input.period!.end, endsAtOnce: false });
    }
  });

  it.each([
    [3, 60_000, '2026-01-10'],
    [3, 60_000, '2026-03-09'],
    [12, 125_136, '2026-01-10'],
    [12, 125_136, '2026-06-15'],
    [12, 125_136, '2026-12-09'],
    [12, 600_000, '2026-11-30'],
  ] as const)('特定継続的役務提供 (%i months, %i円) on %s: a whole month left means a refund, and never more kept than the cap', (months, paid, today) => {
    const period = { start: trialEnd, end: months === 3 ? '2026-04-10' : '2027-01-10' };
    const quote = quoteCancellation({ status: 'active', packageType: 'original', contractMonths: months, trialEndsOn: trialEnd, period, paidForPeriod: paid, today });
    expect(isSpecifiedContinuousService(months, paid)).toBe(true);
    expect(quote.remainingMonths).toBeGreaterThan(0);
    expect(quote.refund).toBeGreaterThan(0);
    expect(quote.endsAtOnce).toBe(true);
    const kept = paid + quote.fees.reduce((sum, fee) => sum + fee.amount, 0) - quote.refund;
    expect(kept).toBeLessThanOrEqual(statutoryMaximumKept(paid, months, quote.usedMonths).cap);
  });
});

describe('what was paid for the current period', () => {
  const at = (iso: string) => new Date(iso);
  const charge = (id: string, periodStart: string, succeededAt: string) => ({ id, periodStart, succeededAt: at(succeededAt), createdAt: at(succeededAt) });
  it.each([
    ['no switch: the period charge', [charge('period', '2026-01-10', '2026-01-10T01:00:00Z')], '2026-01-10', 'period'],
    ['one switch: its charge', [charge('period', '2026-01-10', '2026-01-10T01:00:00Z'), charge('switch', '2026-02-01', '2026-02-01T01:00:00Z')], '2026-02-01', 'switch'],
    [
      'two switches on one day: the last one (the plan the member holds)',
      [charge('period', '2026-01-10', '2026-01-10T01:00:00Z'), charge('first', '2026-02-01', '2026-02-01T01:00:00Z'), charge('second', '2026-02-01', '2026-02-01T03:00:00Z')],
      '2026-02-01',
      'second',
    ],
    [
      'two switches on one day, listed newest first: still the last one',
      [charge('second', '2026-02-01', '2026-02-01T03:00:00Z'), charge('first', '2026-02-01', '2026-02-01T01:00:00Z')],
      '2026-02-01',
      'second',
    ],
    ['nothing paid for that period', [charge('period', '2026-01-10', '2026-01-10T01:00:00Z')], '2026-02-10', undefined],
  ])('%s', (_name, paid, periodStart, expected) => {
    expect(chargeThatStartedPeriod(paid, periodStart)?.id).toBe(expected);
  });
});
