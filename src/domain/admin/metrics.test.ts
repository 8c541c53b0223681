import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addMonths, conversionRate, metricsQuerySchema, monthsBetween } from './metrics.ts';

describe('month arithmetic', () => {
  it.each([
    ['2026-01', '2026-01', 0],
    ['2026-01', '2026-12', 11],
    ['2025-11', '2026-02', 3],
  ] as const)('%s → %s: %i months', (from, to, expected) => {
    expect(monthsBetween(from, to)).toBe(expected);
  });
  it.each([
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
  ] as const)('%s %+i: %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });
});

describe('the month range', () => {
  it.each([
    [{ from: '2026-01', to: '2026-03' }, true],
    [{ from: '2026-03', to: '2026-01' }, false],
    [{ from: '2023-01', to: '2025-12' }, true],
    [{ from: '2023-01', to: '2026-01' }, false],
    [{ from: '2026-13', to: '2026-14' }, false],
    [{ from: '2026-1', to: '2026-02' }, false],
    [{}, false],
  ])('%o valid: %s', (query, valid) => {
    expect(v.safeParse(metricsQuerySchema, query).success).toBe(valid);
  });
});

describe('conversionRate', () => {
  it.each([
    [0, 0, null],
    [3, 3, 100],
    [3, 1, 33.3],
  ] as const)('%i started, %i converted: %s', (trialsStarted, trialsConverted, expected) => {
    expect(conversionRate({ trialsStarted, trialsConverted })).toBe(expected);
  });
});
