import * as v from 'valibot';
import { birthdaySchema, nameSchema, signUpEmailSchema } from './auth-schemas.ts';

/**
 * The member's own account (api-contract.md, "Member area"): profile, email change, data export,
 * closing the account. Request schemas and reply types shared by the handlers and the islands.
 */

/** GET /api/v2/profile */
export interface ProfileView {
  lastName: string;
  firstName: string;
  email: string;
  /** YYYYMM */
  birthday: string;
  /** Accepts event and advertising mail (product decision 19). */
  eventMail: boolean;
  /** A change of email waiting for its link to be opened. */
  pendingEmail: string | null;
}

export interface ProfileReply {
  status: 'success';
  data: ProfileView;
}

const eventMailSchema = v.boolean('badRequest');

/** PUT /api/v2/profile */
export const profileUpdateSchema = v.object({
  lastName: nameSchema,
  firstName: nameSchema,
  birthday: birthdaySchema,
  eventMail: eventMailSchema,
});
export type ProfileUpdate = v.InferOutput<typeof profileUpdateSchema>;

const currentPassword = v.pipe(v.string('thisFieldIsRequired'), v.nonEmpty('thisFieldIsRequired'), v.maxLength(128, 'wrongPassword'));

/** POST /api/v2/profile/email: the new address, and the password to prove it is the member. */
export const emailChangeSchema = v.object({
  email: signUpEmailSchema,
  password: currentPassword,
});

/** POST /api/v2/profile/email/confirm: the token from the link mailed to the new address. */
export const emailConfirmSchema = v.object({
  token: v.pipe(v.string('emailChangeLinkInvalid'), v.regex(/^[A-Za-z0-9_-]{20,200}$/, 'emailChangeLinkInvalid')),
});

/** POST /api/v2/profile/deletion */
export const accountDeletionSchema = v.object({ password: currentPassword });

/** GET /api/v2/referral (product decision 22): the invitation link, and what came of it. */
export interface ReferralReply {
  status: 'success';
  data: { code: string; url: string; signups: number; orders: number };
}

/** The profile form: the birthday picked as a year and a month, as at sign-up. */
export const profileFormSchema = v.object({
  lastName: nameSchema,
  firstName: nameSchema,
  birth_year: v.pipe(v.string('invalidBirthday'), v.regex(/^\d{4}$/, 'invalidBirthday')),
  birth_month: v.pipe(v.string('invalidBirthday'), v.regex(/^(0[1-9]|1[0-2])$/, 'invalidBirthday')),
  eventMail: eventMailSchema,
});
export type ProfileFormValues = v.InferInput<typeof profileFormSchema>;
