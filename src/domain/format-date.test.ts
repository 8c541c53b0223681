import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumericDate, formatNumericDateTime } from './format-date.ts';

describe('formatDate', () => {
  it.each([
    ['a business date stays the same day', '2026-11-22', '2026年11月22日'],
    ['an instant late on the 21st in UTC is the 22nd in Japan', '2026-11-21T15:30:00Z', '2026年11月22日'],
    ['a Date', new Date('2026-01-01T00:00:00+09:00'), '2026年1月1日'],
    ['unix seconds from the API', Date.parse('2026-03-31T23:59:00+09:00') / 1000, '2026年3月31日'],
  ] as const)('%s', (_, value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('date and time', () => {
  it('is Japan time in every format', () => {
    const instant = '2026-11-21T15:05:00Z';
    expect(formatDateTime(instant)).toBe('2026年11月22日 00:05');
    expect(formatNumericDateTime(instant)).toBe('2026/11/22 00:05');
    expect(formatNumericDate(instant)).toBe('2026/11/22');
  });
});
