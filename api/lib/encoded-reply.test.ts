import { describe, expect, it } from 'vitest';
import { etagOf, preferredEncoding } from './encoded-reply.ts';

describe('the encoding sent', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // what Chrome and Firefox send
    ['gzip, deflate, br', 'br'], // Safari
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['GZIP;Q=0.8, BR;Q=0.9', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate, zstd', undefined],
    ['', undefined],
    [null, undefined],
  ])('for "%s" is %s', (header, expected) => {
    expect(preferredEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('is only ever one that exists', () => {
    expect(preferredEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeUndefined();
    expect(preferredEncoding('gzip, br', [])).toBeUndefined();
  });
});

describe('the ETag rule', () => {
  it('is a strong tag of the bytes', () => {
    const tag = etagOf(new TextEncoder().encode('<p>トップ</p>'));
    expect(tag).toMatch(/^"[\w-]{22}"$/);
    expect(etagOf(new TextEncoder().encode('<p>トップ</p>'))).toBe(tag);
    expect(etagOf(new TextEncoder().encode('<p>キッズ</p>'))).not.toBe(tag);
  });
});
