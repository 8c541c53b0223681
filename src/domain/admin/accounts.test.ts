import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { adminBirthdaySchema, canRegisterAccount, createAccountSchema, stageOf } from './accounts.ts';

describe('account type (spec §4): checked → test, unchecked → live', () => {
  it.each([
    [true, 'test'],
    [false, 'live'],
  ])('%s → %s', (isTest, stage) => {
    expect(stageOf(isTest)).toBe(stage);
  });
});

describe('the register button (spec §4): a valid form and a birthday of at least 6 characters', () => {
  it.each([
    [true, '2012-04', true],
    [true, '201204', true],
    [true, '20120', false],
    [true, '', false],
    [true, undefined, false],
    [false, '2012-04', false],
  ])('valid %s, birthday %j → %s', (isValid, birthday, enabled) => {
    expect(canRegisterAccount(isValid, birthday)).toBe(enabled);
  });
});

describe('the birthday from the month picker', () => {
  it.each([
    ['2012-04', '201204'],
    [' 201204 ', '201204'],
  ])('%j is stored as %s', (input, stored) => {
    expect(v.parse(adminBirthdaySchema, input)).toBe(stored);
  });

  it.each(['2012-4', '2012-13', '1899-12', '20124', '', `${new Date().getFullYear() + 1}-01`])('%j is invalidBirthday', (input) => {
    const result = v.safeParse(adminBirthdaySchema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('invalidBirthday');
  });
});

describe('createAccountSchema (spec §3 payload)', () => {
  it('accepts the spec fields and a stage of test or live', () => {
    const input = { email: 'a@example.jp', password: 'eigo2026', firstName: '一郎', lastName: '佐藤', birthday: '201204', stage: 'live' };
    expect(v.parse(createAccountSchema, input)).toEqual(input);
    expect(v.safeParse(createAccountSchema, { ...input, stage: 'demo' }).success).toBe(false);
  });
});
