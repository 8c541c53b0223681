import { describe, expect, it } from 'vitest';
import { isSignUpLink } from './sign-up-links.ts';

describe('isSignUpLink', () => {
  it.each([
    ['/signup', true],
    ['/signup?ref=abc', true],
    ['/signup/kakaku', true],
    ['/signup-completed', false],
    ['/plan/kodomo', false],
    ['https://example.jp/signup', false],
    [null, false],
  ])('%s → %s', (href, expected) => {
    expect(isSignUpLink(href)).toBe(expected);
  });
});
