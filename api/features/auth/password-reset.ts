import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit, hitRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { clearPasswordFailures } from './lockout.ts';
import { hashPassword } from './passwords.ts';
import {
  consumeResetToken,
  deleteSessionsOfAccount,
  findAccountByEmail,
  findAccountById,
  insertResetToken,
  updatePasswordHash,
} from './queries.ts';
import { createLinkToken, hashSecret } from './tokens.ts';

export const RESET_REQUEST_QUEUE = 'password-reset-request';
const LINK_LIFETIME_MS = 60 * 60_000;

/**
 * A reset request only puts a job in the queue and answers: the same work and the same answer
 * whether or not the address belongs to an account, so nothing can be learned from it.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await enforceRateLimit(ctx.database.db, `reset:ip:${ip}`, rateLimitRules.resetPerIp);
  if (!ctx.jobs) throw new AppError('sendMailFailed');
  await ctx.jobs.send(RESET_REQUEST_QUEUE, { email: normalizeEmail(email) }, { retryLimit: 3 });
}

/** The job: for a known address, a single-use link valid one hour, by mail; for others, nothing. */
export async function processResetRequest(ctx: AppContext, email: string): Promise<void> {
  const { db } = ctx.database;
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const { allowed } = await hitRateLimit(db, `reset:account:${account.id}`, rateLimitRules.resetMailsPerAccount);
  if (!allowed) {
    ctx.logger.warn('password reset mail skipped: too many requests for this account', { accountId: account.id });
    return;
  }
  const { token, tokenHash } = createLinkToken();
  const settings = await ctx.siteSettings.get();
  const link = `${ctx.config.publicOrigin}/reset-password#token=${token}`;
  await db.transaction(async (tx) => {
    await insertResetToken(tx, { tokenHash, accountId: account.id, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS) });
    await queueMail(ctx, { template: 'password-reset', to: account.email, content: passwordResetMail(settings, { ...account, link }) }, tx);
  });
  ctx.logger.info('password reset link sent', { accountId: account.id });
}

/** Sets the new password from a valid link; the link dies and every session of the account ends. */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const accountId = await ctx.database.db.transaction(async (tx) => {
    const id = await consumeResetToken(tx, hashSecret(input.token), now);
    if (!id) return undefined;
    // Every other link of the account dies with the new password (updatePasswordHash).
    await updatePasswordHash(tx, id, passwordHash);
    await deleteSessionsOfAccount(tx, id);
    return id;
  });
  if (!accountId) throw new AppError('resetLinkInvalid');
  // A reset lifts the sign-in lockout (product decision 36).
  const account = await findAccountById(ctx.database.db, accountId);
  if (account) await clearPasswordFailures(ctx, account.email);
  ctx.logger.info('password reset', { accountId });
}

export async function registerPasswordResetWorker(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(RESET_REQUEST_QUEUE, { retryLimit: 3, retryDelay: 10, retryBackoff: true });
  await jobs.work<{ email: string }>(RESET_REQUEST_QUEUE, { pollingIntervalSeconds: 1, batchSize: 20 }, async (batch) => {
    for (const job of batch) await processResetRequest(ctx, job.data.email);
  });
}
