import { isRecoveryCode, isTotpCode, normalizeOneTimeCode, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '../../../src/domain/admin/two-factor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clearFailures, enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { getMailSiteSettings } from '../mail/site-settings.ts';
import {
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteTotp,
  findTotp,
  hasConfirmedTotp,
  replaceRecoveryCodes,
  savePendingTotp,
  useRecoveryCode,
  useTotpStep,
} from './queries.ts';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, totpKeyUri } from './totp.ts';

/**
 * The admins' TOTP second factor (decision 24): enrolment with a QR code and recovery codes shown
 * once, the check at sign-in, and ADMIN_REQUIRE_2FA. Every code attempt counts against a limit
 * per account (5 per 15 minutes), at sign-in and in the settings alike.
 */
const attemptsKey = (accountId: string) => `second-factor:account:${accountId}`;

export function hasSecondFactor(ctx: AppContext, accountId: string): Promise<boolean> {
  return hasConfirmedTotp(ctx.database.db, accountId);
}

export async function getTwoFactorStatus(ctx: AppContext, session: AuthSession): Promise<TwoFactorStatus> {
  const { db } = ctx.database;
  const totp = await findTotp(db, session.accountId);
  const enabled = Boolean(totp?.confirmedAt);
  return {
    enabled,
    required: ctx.config.adminRequire2fa,
    pending: Boolean(totp && !totp.confirmedAt),
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, session.accountId) : 0,
  };
}

/** A new key waiting for its first code; a confirmed factor must be turned off first. */
export async function startTwoFactorSetup(ctx: AppContext, session: AuthSession): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await savePendingTotp(ctx.database.db, session.accountId, secret))) throw new AppError('twoFactorAlreadyEnabled');
  const settings = await getMailSiteSettings();
  return { secret, uri: totpKeyUri(settings.serviceName, session.email, secret) };
}

/** The first code confirms the key; the recovery codes are made now and shown this once. */
export async function confirmTwoFactorSetup(ctx: AppContext, session: AuthSession, rawCode: string): Promise<RecoveryCodes> {
  const { db } = ctx.database;
  await enforceRateLimit(db, attemptsKey(session.accountId), rateLimitRules.secondFactorPerAccount);
  const totp = await findTotp(db, session.accountId);
  if (!totp) throw new AppError('twoFactorNotStarted');
  if (totp.confirmedAt) throw new AppError('twoFactorAlreadyEnabled');
  const code = normalizeOneTimeCode(rawCode);
  const step = isTotpCode(code) ? matchTotpStep(totp.secret, code, Date.now()) : undefined;
  if (step === undefined) throw new AppError('invalidOneTimeCode');
  const { codes, hashes } = newRecoveryCodes();
  const confirmed = await db.transaction(async (tx) => {
    if (!(await confirmTotp(tx, session.accountId, step, ctx.clock.now()))) return false;
    await replaceRecoveryCodes(tx, session.accountId, hashes);
    return true;
  });
  if (!confirmed) throw new AppError('twoFactorAlreadyEnabled');
  await clearFailures(db, attemptsKey(session.accountId));
  return { recoveryCodes: codes };
}

/**
 * Checks a code of an enrolled admin: the app's code for a step not used before, or an unused
 * recovery code (which is then spent). Throws invalidOneTimeCode, or 429 after too many tries.
 */
export async function verifySecondFactor(ctx: AppContext, accountId: string, rawCode: string): Promise<'totp' | 'recovery'> {
  const { db } = ctx.database;
  await enforceRateLimit(db, attemptsKey(accountId), rateLimitRules.secondFactorPerAccount);
  const code = normalizeOneTimeCode(rawCode);
  let used: 'totp' | 'recovery' | undefined;
  if (isTotpCode(code)) {
    const totp = await findTotp(db, accountId);
    const step = totp?.confirmedAt ? matchTotpStep(totp.secret, code, Date.now()) : undefined;
    if (step !== undefined && (await useTotpStep(db, accountId, step))) used = 'totp';
  } else if (isRecoveryCode(code) && (await useRecoveryCode(db, accountId, hashRecoveryCode(code), ctx.clock.now()))) {
    used = 'recovery';
  }
  if (!used) throw new AppError('invalidOneTimeCode');
  await clearFailures(db, attemptsKey(accountId));
  return used;
}

/** At sign-in: nothing for an admin without a factor; otherwise a code is asked for and checked. */
export async function checkSignInSecondFactor(ctx: AppContext, accountId: string, otp: string | undefined): Promise<void> {
  if (!(await hasConfirmedTotp(ctx.database.db, accountId))) return;
  if (!otp || normalizeOneTimeCode(otp) === '') throw new AppError('twoFactorRequired');
  await verifySecondFactor(ctx, accountId, otp);
}

/** New recovery codes (the old ones stop working), on a current code. */
export async function regenerateRecoveryCodes(ctx: AppContext, session: AuthSession, code: string): Promise<RecoveryCodes> {
  const { db } = ctx.database;
  if (!(await hasConfirmedTotp(db, session.accountId))) throw new AppError('twoFactorNotEnabled');
  await verifySecondFactor(ctx, session.accountId, code);
  const { codes, hashes } = newRecoveryCodes();
  await replaceRecoveryCodes(db, session.accountId, hashes);
  return { recoveryCodes: codes };
}

/** Turns the factor off, on a current code; refused while ADMIN_REQUIRE_2FA is set. */
export async function disableTwoFactor(ctx: AppContext, session: AuthSession, code: string): Promise<void> {
  const { db } = ctx.database;
  if (ctx.config.adminRequire2fa) throw new AppError('twoFactorRequiredByPolicy');
  if (!(await hasConfirmedTotp(db, session.accountId))) throw new AppError('twoFactorNotEnabled');
  await verifySecondFactor(ctx, session.accountId, code);
  await db.transaction((tx) => deleteTotp(tx, session.accountId));
}
