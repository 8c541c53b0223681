import * as v from 'valibot';
import { birthdaySchema, nameSchema, passwordSchema, signUpEmailSchema } from '../auth-schemas.ts';

/**
 * Account creation in the admin console (spec §2, §3, §4, §5): the API's payload and the form,
 * one set of rules. A test account ("stage test") is marked as such everywhere.
 */
export const accountStages = ['test', 'live'] as const;
export type AccountStage = (typeof accountStages)[number];

/** The spec's minimum length of the birthday before the register button is enabled. */
export const BIRTHDAY_MIN_LENGTH = 6;

/** YYYYMM; the month picker's YYYY-MM is accepted and stored as YYYYMM. */
export const adminBirthdaySchema = v.pipe(
  v.string('invalidBirthday'),
  v.trim(),
  v.transform((value) => value.replace(/^(\d{4})-(\d{2})$/, '$1$2')),
  birthdaySchema,
);

/** POST /api/v2/admin/accounts */
export const createAccountSchema = v.object({
  email: signUpEmailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  birthday: adminBirthdaySchema,
  stage: v.picklist(accountStages, 'badRequest'),
});
export type CreateAccountInput = v.InferOutput<typeof createAccountSchema>;

/** The form: the same fields, with "is test account" as a checkbox (checked: test). */
export const createAccountFormSchema = v.object({
  lastName: nameSchema,
  firstName: nameSchema,
  birthday: adminBirthdaySchema,
  email: signUpEmailSchema,
  password: passwordSchema,
  isTest: v.boolean(),
});
export type CreateAccountFormValues = v.InferInput<typeof createAccountFormSchema>;

/** Checked gives test, unchecked live (spec §4). */
export function stageOf(isTest: boolean): AccountStage {
  return isTest ? 'test' : 'live';
}

/** The register button: enabled only when the form is valid and the birthday has at least 6 characters (spec §4). */
export function canRegisterAccount(isValid: boolean, birthday: string | undefined): boolean {
  return isValid && (birthday ?? '').length >= BIRTHDAY_MIN_LENGTH;
}

/** The reply of POST /api/v2/admin/accounts. */
export interface CreatedAccount {
  id: string;
  email: string;
  isTest: boolean;
}
