import type { ConsoleRole } from './admin/permissions.ts';
import * as v from 'valibot';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Validation of the account forms, shared by the React islands (react-hook-form) and the API.
 * Every message is a key of src/i18n/ja.ts.
 */
const MAX_NAME = 50;
const MAX_EMAIL = 254;

/** The strict address pattern of sign-up (a dot in the domain, no spaces, sane characters). */
export const STRICT_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** The simple pattern of the forgot-password form: text, an at sign, text. */
export const SIMPLE_EMAIL = /^\S+@\S+$/;
/** Letters and digits only, with at least one lowercase letter (spec section 5). */
export const PASSWORD_PATTERN = /^(?=.*[a-z])[A-Za-z0-9]+$/;

const requiredText = (message: 'thisFieldIsRequired' | 'thisEmailFieldIsRequired' = 'thisFieldIsRequired') =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

export const nameSchema = v.pipe(requiredText(), v.maxLength(MAX_NAME, 'tooLong'));

export const signUpEmailSchema = v.pipe(
  requiredText('thisEmailFieldIsRequired'),
  v.maxLength(MAX_EMAIL, 'invalidEmail'),
  v.regex(STRICT_EMAIL, 'invalidEmail'),
);

export const loginEmailSchema = v.pipe(requiredText(), v.maxLength(MAX_EMAIL, 'invalidEmail'), v.regex(SIMPLE_EMAIL, 'invalidEmail'));

export const passwordSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.nonEmpty('thisFieldIsRequired'),
  v.minLength(8, 'passwordMinLength'),
  v.maxLength(128, 'passwordMaxLength'),
  v.regex(PASSWORD_PATTERN, 'invalidPassword'),
  v.check((password) => !isCommonPassword(password), 'commonPassword'),
);

/** Years offered for the birthday: the current year back to 1900. */
export function birthYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= 1900; year -= 1) years.push(year);
  return years;
}

/** YYYYMM with a year from 1900 to this year and a month from 01 to 12. */
export const birthdaySchema = v.pipe(
  v.string('invalidBirthday'),
  v.trim(),
  v.nonEmpty('invalidBirthday'),
  v.regex(/^\d{6}$/, 'invalidBirthday'),
  v.check((value) => {
    const year = Number(value.slice(0, 4));
    const month = Number(value.slice(4));
    return year >= 1900 && year <= new Date().getFullYear() && month >= 1 && month <= 12;
  }, 'invalidBirthday'),
);

/** POST /api/auth/signup */
export const signUpSchema = v.object({
  email: signUpEmailSchema,
  password: passwordSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  birthday: birthdaySchema,
  client_key: v.optional(v.string()),
});
export type SignUpInput = v.InferOutput<typeof signUpSchema>;

/** The sign-up form: the same fields, with the birthday picked as a year and a month. */
export const signUpFormSchema = v.object({
  last_name: nameSchema,
  first_name: nameSchema,
  email: signUpEmailSchema,
  password: passwordSchema,
  birth_year: v.pipe(v.string('invalidBirthday'), v.regex(/^\d{4}$/, 'invalidBirthday')),
  birth_month: v.pipe(v.string('invalidBirthday'), v.regex(/^(0[1-9]|1[0-2])$/, 'invalidBirthday')),
});
export type SignUpFormValues = v.InferInput<typeof signUpFormSchema>;

/** POST /api/auth/signin: both fields required (the password's rules are not revealed here). */
export const signInSchema = v.object({
  email: loginEmailSchema,
  password: v.pipe(v.string('thisFieldIsRequired'), v.nonEmpty('thisFieldIsRequired'), v.maxLength(1024, 'invalidCredentials')),
  client_key: v.optional(v.string()),
  /** An admin's second factor (product decision 24): the app's 6 digits or a recovery code; checked by the service. */
  otp: v.optional(v.pipe(v.string('invalidOneTimeCode'), v.maxLength(32, 'invalidOneTimeCode'))),
});
export type SignInInput = v.InferOutput<typeof signInSchema>;

/** POST /api/auth/password/reset/request */
export const resetRequestSchema = v.object({
  email: loginEmailSchema,
  key: v.optional(v.string()),
  language: v.optional(v.string()),
});

/** POST /api/auth/password/reset */
export const resetPasswordSchema = v.object({
  token: v.pipe(v.string('resetLinkInvalid'), v.regex(/^[a-z0-9]{20,100}$/, 'resetLinkInvalid')),
  password: passwordSchema,
});

/** POST /api/auth/password/change (product decision 2: the current password is asked for). */
export const changePasswordSchema = v.object({
  current_password: v.pipe(v.string('thisFieldIsRequired'), v.nonEmpty('thisFieldIsRequired'), v.maxLength(1024, 'changePasswordFailed')),
  password: passwordSchema,
});

/** Emails are case-insensitive: one form is stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** GET /api/auth/session: who is signed in, shared by the handler and the browser (src/lib/auth-client.ts). */
export interface SessionInfo {
  email: string;
  name: string;
  lastName: string;
  firstName: string;
  isAdmin: boolean;
  isStaff: boolean;
  isSignedUp: boolean;
  hasCard: boolean;
  /** The console role (product decision 32), for console accounts only: the console shows only the sections it may open. */
  consoleRole?: ConsoleRole | null;
}

export interface SessionReply {
  status: 'success';
  data: SessionInfo;
}
