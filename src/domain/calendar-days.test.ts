import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { isCalendarDay, shiftCalendarDay } from './calendar-days.ts';

describe('calendar days without Temporal', () => {
  it.each([
    ['2026-04-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2100-02-29', false],
    ['2000-02-29', true],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-4-1', false],
    ['', false],
  ])('%s is a day: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it('agrees with Temporal on every day from 1999 to 2031, a day and a year either way', () => {
    for (let day = Temporal.PlainDate.from('1999-01-01'); Temporal.PlainDate.compare(day, Temporal.PlainDate.from('2031-12-31')) <= 0; day = day.add({ days: 1 })) {
      const text = day.toString();
      expect(isCalendarDay(text)).toBe(true);
      for (const shift of [-366, -1, 1, 365]) expect(shiftCalendarDay(text, shift)).toBe(day.add({ days: shift }).toString());
    }
  });

  it('refuses to move a day that does not exist', () => {
    expect(() => shiftCalendarDay('2026-02-30', 1)).toThrow(RangeError);
  });
});
