import type { AppContext } from '../../context.ts';
import type { ApiErrorKey } from '../../../src/domain/api-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { assertNotBlocked, clearFailures, LOCK_AFTER_FAILURES, recordFailure } from '../../lib/rate-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import { accountLockMail } from '../mail/templates/account-lock.ts';
import { verifyPassword } from './passwords.ts';
import type { AccountRow } from './queries.ts';
import { hashSecret } from './tokens.ts';

/**
 * The sign-in lockout (product decision 36) on top of the sign-in back-off (docs/decisions/0007):
 * one failure count per email address — known or not, so a lock says nothing about who has an
 * account — fed by failed sign-ins and by every check of the current password in My Page (password
 * change, email change, closing the account). The 10th failure locks the address for 30 minutes
 * (api/lib/rate-limit.ts); the member is mailed then; a password reset lifts the lock.
 */
export function passwordFailureKey(email: string): string {
  return `signin:email:${hashSecret(email)}`;
}

/** Throws 429 (with Retry-After) while the address is backed off or locked. */
export function assertPasswordChecksAllowed(ctx: AppContext, email: string): Promise<void> {
  return assertNotBlocked(ctx.database.db, passwordFailureKey(email));
}

/** Counts a wrong password; at the failure that locks the address, its account (if any) is mailed. */
export async function recordPasswordFailure(ctx: AppContext, email: string, account: Pick<AccountRow, 'id' | 'email' | 'lastName' | 'firstName'> | undefined): Promise<void> {
  const failures = await recordFailure(ctx.database.db, passwordFailureKey(email));
  if (failures !== LOCK_AFTER_FAILURES || !account) return;
  const settings = await ctx.siteSettings.get();
  const resetUrl = `${ctx.config.publicOrigin}/find-password`;
  await queueMail(ctx, { template: 'account-locked', to: account.email, content: accountLockMail(settings, { ...account, resetUrl }) });
  ctx.logger.warn('sign-in locked after repeated wrong passwords', { accountId: account.id });
}

/** A correct password (sign-in, or a check in My Page) or a reset: the count starts again. */
export function clearPasswordFailures(ctx: AppContext, email: string): Promise<void> {
  return clearFailures(ctx.database.db, passwordFailureKey(email));
}

/**
 * Checks the signed-in member's current password before a sensitive change: throttled and counted
 * like a sign-in, so a stolen session cannot be used to guess the password. Throws `failure` for a
 * wrong password, 429 while locked (even for the right one).
 */
export async function checkCurrentPassword(ctx: AppContext, account: AccountRow, password: string, failure: ApiErrorKey): Promise<void> {
  await assertPasswordChecksAllowed(ctx, account.email);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await recordPasswordFailure(ctx, account.email, account);
    throw new AppError(failure);
  }
  await clearPasswordFailures(ctx, account.email);
}
