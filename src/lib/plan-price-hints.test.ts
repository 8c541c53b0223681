import { describe, expect, it } from 'vitest';
import { priceHintParts } from './plan-price-hints.ts';

describe('a plan price hint on the marketing pages', () => {
  it('breaks only after 「月額」: 「から」 stays with the price', () => {
    expect(priceHintParts('3,850円（税込）')).toEqual(['月額', '3,850円（税込）から']);
  });
});
