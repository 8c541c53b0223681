import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/**
 * Rate limits and back-off counters in PostgreSQL, so they hold across every server process.
 * One atomic upsert per check; time comes from the database, not from each server's clock.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export const rateLimitRules = {
  signInPerIp: { limit: 30, windowSeconds: 10 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 15 * 60 },
  resetMailsPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  supportPerIp: { limit: 10, windowSeconds: 60 * 60 },
  supportPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  /** An admin's second-factor codes (sign-in and settings together): 5 tries per 15 minutes. */
  secondFactorPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Card saves that reach the gateway (card testing: docs/decisions/draft-card-save-throttle):
   * a member retyping a card a few times passes; a script trying stolen numbers does not.
   */
  cardSavePerAccount: { limit: 5, windowSeconds: 60 * 60 },
  cardSavePerIp: { limit: 15, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts a hit; throws 429 with Retry-After once the window's limit is passed. */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, rule);
  if (!allowed) throw tooManyRequests(retryAfterSeconds);
}

export async function hitRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowExpired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowExpired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowExpired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))))::int`,
    });
  const hits = row?.hits ?? 1;
  return { allowed: hits <= rule.limit, retryAfterSeconds: row?.retryAfter ?? rule.windowSeconds };
}

/**
 * Growing back-off after failed sign-ins, per email address (known or not, so it reveals
 * nothing): free for 4 failures, then 15 s, 30 s, 60 s ... up to 15 minutes. Forgotten after a
 * day without failures, or at the next successful sign-in.
 */
const FREE_FAILURES = 4;
const BASE_SECONDS = 15;
const MAX_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

export function backoffSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_SECONDS, BASE_SECONDS * 2 ** (failures - FREE_FAILURES - 1));
}

/** Throws 429 while the key is blocked. */
export async function assertNotBlocked(db: Database, key: string): Promise<void> {
  const [row] = await db
    .select({
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.blockedUntil} - now())))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.blockedUntil} > now()`);
  if (row) throw tooManyRequests(Math.max(1, row.retryAfter));
}

export async function recordFailure(db: Database, key: string): Promise<void> {
  const stale = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${stale} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`now()`,
      },
    })
    .returning({ hits: rateLimits.hits });
  const seconds = backoffSeconds(row?.hits ?? 1);
  if (seconds > 0) {
    await db.update(rateLimits).set({ blockedUntil: sql`now() + make_interval(secs => ${seconds})` }).where(eq(rateLimits.key, key));
  }
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('tooManyRequests', { headers: { 'retry-after': String(retryAfterSeconds) } });
}
