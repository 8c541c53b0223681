import { isRecoveryCode, isTotpCode, normalizeOneTimeCode, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '../../../src/domain/admin/two-factor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clearFailures, enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import type { RecordInTransaction } from '../audit/record.ts';
import { keepOnlyThisSessionWithSecondFactor, type AuthSession } from '../auth/sessions.ts';
import {
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteTotp,
  findTotp,
  hasConfirmedTotp,
  updateStoredTotpSecret,
  replaceRecoveryCodes,
  savePendingTotp,
  useRecoveryCode,
  useTotpStep,
} from './queries.ts';
import { decryptTotpSecret, encryptTotpSecret, isPlaintextTotpSecret } from './secret-box.ts';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, totpKeyUri } from './totp.ts';

/**
 * The admins' TOTP second factor (product decision 24): enrolment with a QR code and recovery codes shown
 * once, the check at sign-in, and ADMIN_REQUIRE_2FA. Every code attempt counts against a limit
 * per account (5 per 15 minutes), at sign-in and in the settings alike.
 */
const attemptsKey = (accountId: string) => `second-factor:account:${accountId}`;

/**
 * The account's TOTP row with its key decrypted (TOTP_ENCRYPTION_KEY). A key stored in plain
 * text before encryption at rest is encrypted now, on this first read.
 */
async function readTotp(ctx: AppContext, accountId: string) {
  const { db } = ctx.database;
  const row = await findTotp(db, accountId);
  if (!row) return undefined;
  const key = ctx.config.totpEncryptionKey;
  if (isPlaintextTotpSecret(row.secret)) await updateStoredTotpSecret(db, accountId, row.secret, encryptTotpSecret(key, accountId, row.secret));
  try {
    return { ...row, secret: decryptTotpSecret(key, accountId, row.secret) };
  } catch (error) {
    // Another TOTP_ENCRYPTION_KEY than the one the key was stored under: no code can match.
    ctx.logger.error('a TOTP key could not be decrypted: is TOTP_ENCRYPTION_KEY the one it was stored under?', { accountId, error });
    return { ...row, secret: undefined };
  }
}

export function hasSecondFactor(ctx: AppContext, accountId: string): Promise<boolean> {
  return hasConfirmedTotp(ctx.database.db, accountId);
}

/**
 * Why this admin session may not use the console, or undefined when it may (product decisions 24
 * and 32). The factor belongs to the session: once the account has one, only a session that passed
 * it is a full console session, whatever ADMIN_REQUIRE_2FA says; under ADMIN_REQUIRE_2FA an account
 * without one sees only its set-up.
 */
export async function consoleRefusal(ctx: AppContext, session: AuthSession): Promise<'twoFactorSessionRequired' | 'twoFactorEnrolmentRequired' | undefined> {
  if (await hasSecondFactor(ctx, session.accountId)) return session.secondFactor ? undefined : 'twoFactorSessionRequired';
  return ctx.config.adminRequire2fa ? 'twoFactorEnrolmentRequired' : undefined;
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
    sessionVerified: enabled && session.secondFactor,
  };
}

/** A new key waiting for its first code; a confirmed factor must be turned off first. */
export async function startTwoFactorSetup(ctx: AppContext, session: AuthSession, audit: RecordInTransaction<void>): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const stored = encryptTotpSecret(ctx.config.totpEncryptionKey, session.accountId, secret);
  const saved = await ctx.database.db.transaction(async (tx) => {
    if (!(await savePendingTotp(tx, session.accountId, stored))) return false;
    await audit(undefined, tx);
    return true;
  });
  if (!saved) throw new AppError('twoFactorAlreadyEnabled');
  const settings = await ctx.siteSettings.get();
  return { secret, uri: totpKeyUri(settings.serviceName, session.email, secret) };
}

/** The first code confirms the key; the recovery codes are made now and shown this once. */
export async function confirmTwoFactorSetup(ctx: AppContext, session: AuthSession, rawCode: string, audit: RecordInTransaction<void>): Promise<RecoveryCodes> {
  const { db } = ctx.database;
  await enforceRateLimit(db, attemptsKey(session.accountId), rateLimitRules.secondFactorPerAccount);
  const totp = await readTotp(ctx, session.accountId);
  if (!totp) throw new AppError('twoFactorNotStarted');
  if (totp.confirmedAt) throw new AppError('twoFactorAlreadyEnabled');
  const code = normalizeOneTimeCode(rawCode);
  const step = isTotpCode(code) && totp.secret ? matchTotpStep(totp.secret, code, Date.now()) : undefined;
  if (step === undefined) throw new AppError('invalidOneTimeCode');
  const { codes, hashes } = newRecoveryCodes();
  const confirmed = await db.transaction(async (tx) => {
    if (!(await confirmTotp(tx, session.accountId, step, ctx.clock.now()))) return false;
    await replaceRecoveryCodes(tx, session.accountId, hashes);
    // This session has just passed the factor; every other one of the account ends (product decision 32).
    if (!(await keepOnlyThisSessionWithSecondFactor(tx, session, new Date()))) throw new AppError('unauthorized');
    await audit(undefined, tx);
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
    const totp = await readTotp(ctx, accountId);
    const step = totp?.confirmedAt && totp.secret ? matchTotpStep(totp.secret, code, Date.now()) : undefined;
    if (step !== undefined && (await useTotpStep(db, accountId, step))) used = 'totp';
  } else if (isRecoveryCode(code) && (await useRecoveryCode(db, accountId, hashRecoveryCode(code), ctx.clock.now()))) {
    used = 'recovery';
  }
  if (!used) throw new AppError('invalidOneTimeCode');
  await clearFailures(db, attemptsKey(accountId));
  return used;
}

/**
 * At sign-in: nothing for an admin without a factor (false); otherwise a code is asked for and
 * checked, and true says the new session passed it.
 */
export async function checkSignInSecondFactor(ctx: AppContext, accountId: string, otp: string | undefined): Promise<boolean> {
  if (!(await hasConfirmedTotp(ctx.database.db, accountId))) return false;
  if (!otp || normalizeOneTimeCode(otp) === '') throw new AppError('twoFactorRequired');
  await verifySecondFactor(ctx, accountId, otp);
  return true;
}

/** New recovery codes (the old ones stop working), on a current code. */
export async function regenerateRecoveryCodes(ctx: AppContext, session: AuthSession, code: string, audit: RecordInTransaction<void>): Promise<RecoveryCodes> {
  const { db } = ctx.database;
  if (!(await hasConfirmedTotp(db, session.accountId))) throw new AppError('twoFactorNotEnabled');
  await verifySecondFactor(ctx, session.accountId, code);
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, session.accountId, hashes);
    await audit(undefined, tx);
  });
  return { recoveryCodes: codes };
}

/** Turns the factor off, on a current code; refused while ADMIN_REQUIRE_2FA is set. */
export async function disableTwoFactor(ctx: AppContext, session: AuthSession, code: string, audit: RecordInTransaction<void>): Promise<void> {
  const { db } = ctx.database;
  if (ctx.config.adminRequire2fa) throw new AppError('twoFactorRequiredByPolicy');
  if (!(await hasConfirmedTotp(db, session.accountId))) throw new AppError('twoFactorNotEnabled');
  await verifySecondFactor(ctx, session.accountId, code);
  await db.transaction(async (tx) => {
    await deleteTotp(tx, session.accountId);
    await audit(undefined, tx);
  });
}
