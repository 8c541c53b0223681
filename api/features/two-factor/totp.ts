import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../src/domain/admin/two-factor.ts';
import { hashSecret } from '../auth/tokens.ts';

/**
 * TOTP (RFC 6238) with @oslojs/otp: 160-bit keys, 6 digits, 30-second steps, one step of drift
 * either way. Codes follow the phone's real clock, so "now" here is real time, never the
 * service's movable clock (ctx.clock moves forward in development and tests).
 */
const DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export function totpKeyUri(issuer: string, accountName: string, secret: string): string {
  return createTOTPKeyURI(issuer, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export function currentStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for a step (tests and the e2e journey compute codes as an app would). */
export function totpCode(secret: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP_DIGITS);
}

/** The step a code belongs to, within the allowed drift; undefined when it matches none. */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | undefined {
  const presented = new TextEncoder().encode(code);
  const now = currentStep(nowMs);
  let matched: number | undefined;
  // Every candidate is compared, so the time taken says nothing about which one matched.
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    const expected = new TextEncoder().encode(totpCode(secret, step));
    if (expected.length === presented.length && constantTimeEqual(expected, presented)) matched ??= step;
  }
  return matched;
}

/** Ten recovery codes of 10 base32 characters (50 bits each), and the hashes that are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10));
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function hashRecoveryCode(code: string): string {
  return hashSecret(`recovery:${code}`);
}
