import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  birthYears,
  changePasswordSchema,
  normalizeEmail,
  passwordSchema,
  resetRequestSchema,
  signInSchema,
  signUpEmailSchema,
  signUpFormSchema,
  signUpSchema,
} from './auth-schemas.ts';

/** The message key of the first problem, or null when the value passes. */
function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? null : result.issues[0].message;
}

const validSignUp = { email: 'hanako@example.jp', password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '201204' };

describe('password rule (spec 5, product decision 2)', () => {
  it.each([
    ['', 'thisFieldIsRequired', 'required'],
    ['abc1234', 'passwordMinLength', 'at least 8 characters (最低８文字必須)'],
    ['a'.repeat(129), 'passwordMaxLength', 'at most 128 characters'],
    ['ABCDEFG1', 'invalidPassword', 'at least one lowercase letter'],
    ['eigo-2026', 'invalidPassword', 'no symbols'],
    ['えいごえいご12', 'invalidPassword', 'letters and digits only'],
    ['eigo 2026', 'invalidPassword', 'no spaces'],
    ['password1', 'commonPassword', 'not a common password'],
    ['Password123', 'commonPassword', 'common, whatever the case'],
    ['eigo2026', null, 'lowercase and digits'],
    ['Eigo2026Musio', null, 'uppercase allowed'],
    ['onlylowercase', null, 'digits are optional'],
    ['a'.repeat(128), null, '128 characters is fine'],
  ])('%j → %s (%s)', (password, expected, _why) => {
    expect(firstIssue(passwordSchema, password)).toBe(expected);
  });
});

describe('sign-up email (strict pattern)', () => {
  it.each([
    ['', 'thisEmailFieldIsRequired'],
    ['   ', 'thisEmailFieldIsRequired'],
    ['hanako', 'invalidEmail'],
    ['hanako@example', 'invalidEmail'],
    ['hanako@@example.jp', 'invalidEmail'],
    ['hanako @example.jp', 'invalidEmail'],
    ['hanako@-example.jp', 'invalidEmail'],
    [`${'a'.repeat(250)}@example.jp`, 'invalidEmail'],
    ['hanako@example.jp', null],
    ['Hanako.Yamada+eigo@mail.example.co.jp', null],
  ])('%j → %s', (email, expected) => {
    expect(firstIssue(signUpEmailSchema, email)).toBe(expected);
  });
});

describe('sign-up (spec 5)', () => {
  it.each([
    ['first name required', { first_name: '' }, 'first_name', 'thisFieldIsRequired'],
    ['last name required', { last_name: '  ' }, 'last_name', 'thisFieldIsRequired'],
    ['names at most 50 characters', { last_name: '山'.repeat(51) }, 'last_name', 'tooLong'],
    ['birthday required', { birthday: '' }, 'birthday', 'invalidBirthday'],
    ['birthday is YYYYMM', { birthday: '2012-04' }, 'birthday', 'invalidBirthday'],
    ['birth year from 1900', { birthday: '189912' }, 'birthday', 'invalidBirthday'],
    ['birth year up to this year', { birthday: `${new Date().getFullYear() + 1}01` }, 'birthday', 'invalidBirthday'],
    ['month 01 to 12', { birthday: '201213' }, 'birthday', 'invalidBirthday'],
    ['email pattern', { email: 'not-an-email' }, 'email', 'invalidEmail'],
    ['password rule', { password: 'short1' }, 'password', 'passwordMinLength'],
  ])('%s', (_rule, change, path, code) => {
    const result = v.safeParse(signUpSchema, { ...validSignUp, ...change }, { abortPipeEarly: true });
    expect(result.success).toBe(false);
    const issue = result.issues?.find((i) => v.getDotPath(i) === path);
    expect(issue?.message).toBe(code);
  });

  it('accepts a complete form and trims names', () => {
    const result = v.parse(signUpSchema, { ...validSignUp, first_name: ' 花子 ' });
    expect(result.first_name).toBe('花子');
  });

  it('offers birth years from the current year back to 1900', () => {
    const years = birthYears(new Date('2026-11-21'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });

  it('checks the year and month picked in the form', () => {
    const form = { last_name: '山田', first_name: '花子', email: 'hanako@example.jp', password: 'eigo2026', birth_year: '2012', birth_month: '04' };
    expect(firstIssue(signUpFormSchema, form)).toBeNull();
    expect(firstIssue(signUpFormSchema, { ...form, birth_month: '' })).toBe('invalidBirthday');
    expect(firstIssue(signUpFormSchema, { ...form, birth_year: '' })).toBe('invalidBirthday');
  });
});

describe('login and forgot-password', () => {
  it.each([
    [{ email: '', password: 'x' }, 'thisFieldIsRequired'],
    [{ email: 'hanako@example.jp', password: '' }, 'thisFieldIsRequired'],
    [{ email: 'hanako', password: 'x' }, 'invalidEmail'],
    [{ email: 'hanako@example.jp', password: 'anything' }, null],
  ])('login %j → %s', (input, expected) => {
    expect(firstIssue(signInSchema, input)).toBe(expected);
  });

  it.each([
    ['', 'thisFieldIsRequired'],
    ['hanako', 'invalidEmail'],
    ['a@b', null],
  ])('forgot password %j → %s (simple pattern: text@text)', (email, expected) => {
    expect(firstIssue(resetRequestSchema, { email })).toBe(expected);
  });

  it('asks for the current password when changing it', () => {
    expect(firstIssue(changePasswordSchema, { current_password: '', password: 'eigo2027' })).toBe('thisFieldIsRequired');
    expect(firstIssue(changePasswordSchema, { current_password: 'eigo2026', password: 'eigo2027' })).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('makes addresses case-insensitive', () => {
    expect(normalizeEmail('  Hanako@Example.JP ')).toBe('hanako@example.jp');
  });
});
