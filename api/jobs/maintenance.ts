import { lt, or } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { passwordResetTokens, rateLimits, sessions } from '../db/schema/index.ts';
import { sweepUnclaimedUploads } from '../features/uploads/pending.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

/** Deletes what has expired: sessions, used or old reset links, stale rate-limit counters, uploaded files nothing claimed (support, step mails). */
export async function purgeExpired(ctx: AppContext, now = new Date()): Promise<void> {
  const { db } = ctx.database;
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db.delete(sessions).where(or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, dayAgo));
  const swept = await sweepUnclaimedUploads(ctx, now);
  if (swept > 0) ctx.logger.info('unclaimed uploads deleted', { count: swept });
}

/** Runs the purge every hour (cron needs the scheduler, which tests leave off). */
export async function registerMaintenance(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(MAINTENANCE_QUEUE);
  await jobs.work(MAINTENANCE_QUEUE, async () => purgeExpired(ctx));
  if (ctx.config.env !== 'test') await jobs.schedule(MAINTENANCE_QUEUE, '17 * * * *');
}
