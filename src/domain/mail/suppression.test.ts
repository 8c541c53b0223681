import { describe, expect, it } from 'vitest';
import { afterBounce, type BounceKind, type SuppressionState } from './suppression.ts';

const clean: SuppressionState = { softBouncesInARow: 0, reason: null };

/** Reports in order, and the state after the last. */
const cases: [string, BounceKind[], SuppressionState][] = [
  ['a hard bounce suppresses at once', ['hard'], { softBouncesInARow: 0, reason: 'hardBounce' }],
  ['a complaint suppresses at once', ['complaint'], { softBouncesInARow: 0, reason: 'complaint' }],
  ['one soft bounce does not', ['soft'], { softBouncesInARow: 1, reason: null }],
  ['two soft bounces do not', ['soft', 'soft'], { softBouncesInARow: 2, reason: null }],
  ['the third soft bounce in a row does', ['soft', 'soft', 'soft'], { softBouncesInARow: 3, reason: 'softBounces' }],
  ['a later hard bounce keeps the first reason', ['soft', 'soft', 'soft', 'hard'], { softBouncesInARow: 3, reason: 'softBounces' }],
  ['a complaint after a hard bounce keeps the hard bounce', ['hard', 'complaint'], { softBouncesInARow: 0, reason: 'hardBounce' }],
  ['soft then hard: hard', ['soft', 'hard'], { softBouncesInARow: 1, reason: 'hardBounce' }],
];

describe('afterBounce (product decision 34)', () => {
  it.each(cases)('%s', (_name, reports, expected) => {
    expect(reports.reduce(afterBounce, clean)).toEqual(expected);
  });
});
