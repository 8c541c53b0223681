import * as v from 'valibot';

/**
 * The admins' second factor (product decision 24): TOTP codes of 6 digits every 30 seconds (RFC 6238, as
 * authenticator apps use), and single-use recovery codes of 10 base32 characters (xxxxx-xxxxx).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** Spaces and hyphens people type inside a code are ignored; letters are compared in lower case. */
export function normalizeOneTimeCode(value: string): string {
  return value.normalize('NFKC').replace(/[\s-]+/g, '').toLowerCase();
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export function isRecoveryCode(code: string): boolean {
  return /^[a-z2-7]{10}$/.test(code);
}

/** A code typed at sign-in or in the settings: six digits, or a recovery code. */
export const oneTimeCodeSchema = v.pipe(
  v.string('thisFieldIsRequired'),
  v.transform(normalizeOneTimeCode),
  v.nonEmpty('thisFieldIsRequired'),
  v.check((code) => isTotpCode(code) || isRecoveryCode(code), 'invalidOneTimeCode'),
);

/** Confirming enrolment, renewing recovery codes, turning the factor off: a current code. */
export const twoFactorCodeSchema = v.object({ code: oneTimeCodeSchema });

/** GET /api/v2/admin/two-factor */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ADMIN_REQUIRE_2FA: the console is closed until the factor is enabled. */
  required: boolean;
  /** Enrolment started and waiting for the first code. */
  pending: boolean;
  recoveryCodesLeft: number;
  /** This session passed the factor (product decision 32); false while the account has none. */
  sessionVerified: boolean;
}

/** POST /api/v2/admin/two-factor/setup */
export interface TwoFactorSetup {
  /** The key in base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

/** Shown once: 10 codes, each usable once instead of an app code. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** xxxxx-xxxxx, easier to read and copy. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
