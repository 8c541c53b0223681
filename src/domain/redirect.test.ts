import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/mypage', '/mypage'],
    ['/registration/kodomo?plan=ME_Plan_1', '/registration/kodomo?plan=ME_Plan_1'],
    ['/plan#top', '/plan#top'],
    ['/%5Cevil', '/%5Cevil'],
  ])('keeps a same-site path: %s', (value, expected) => {
    expect(safeRedirect(value, '/fallback')).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'mypage',
    '/ok\nSet-Cookie: x',
    '/ok\\evil',
  ])('refuses anything else: %s', (value) => {
    expect(safeRedirect(value, '/fallback')).toBe('/fallback');
  });
});
