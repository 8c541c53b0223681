import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { checkSignInSecondFactor } from '../two-factor/service.ts';
import { writeAuditEntry, type AuditActor } from './record.ts';

/**
 * Admin sign-ins in the audit log (product decision 24): every success and every failure (wrong password,
 * wrong or replayed code, too many codes). A sign-in that stops to ask for the code is not yet
 * an attempt of its own: the one that follows, with the code, is recorded.
 */
export function recordAdminSignIn(ctx: AppContext, actor: AuditActor, ip: string, outcome: 'success' | 'failure', errorCode?: string): Promise<void> {
  return writeAuditEntry(ctx, actor, ip, { action: 'signIn', target: { type: 'account', id: actor.accountId, label: actor.email }, outcome, errorCode });
}

/** The second step of an admin's sign-in: the TOTP code, when the admin has enrolled one (then true). */
export async function checkAdminSecondFactor(ctx: AppContext, actor: AuditActor, otp: string | undefined, ip: string): Promise<boolean> {
  try {
    return await checkSignInSecondFactor(ctx, actor.accountId, otp);
  } catch (error) {
    if (!(error instanceof AppError && error.key === 'twoFactorRequired')) {
      await recordAdminSignIn(ctx, actor, ip, 'failure', error instanceof AppError ? String(error.code) : 'internal');
    }
    throw error;
  }
}
