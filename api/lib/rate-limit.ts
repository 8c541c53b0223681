import type { Database } from '../db/client.ts';
import { blockKey, blockedFor, clearKey, countFailure, countHit } from '../db/rate-limits.ts';
import { AppError } from './errors.ts';

/**
 * Rate limits and back-off counters in PostgreSQL, so they hold across every server process.
 * The counters are in api/db/rate-limits.ts.
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
  /** Files for the support form: 30 an hour per client address (up to 5 per inquiry, with retries). */
  supportUploadPerIp: { limit: 30, windowSeconds: 60 * 60 },
  /** An admin's second-factor codes (sign-in and settings together): 5 tries per 15 minutes. */
  secondFactorPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Card saves that reach the gateway (card testing: docs/decisions/0023):
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
  const row = await countHit(db, key, rule.windowSeconds);
  const hits = row?.hits ?? 1;
  return { allowed: hits <= rule.limit, retryAfterSeconds: row?.retryAfter ?? rule.windowSeconds };
}

/**
 * Growing back-off after failed sign-ins, per email address (known or not, so it reveals
 * nothing): free for 4 failures, then 15 s, 30 s, 60 s, 120 s, 240 s; the 10th failure locks the
 * address for 30 minutes (product decision 36, docs/decisions/0007), and so does every further one
 * until the count is forgotten: after a day without failures, at a successful sign-in or at a
 * password reset.
 */
const FREE_FAILURES = 4;
const BASE_SECONDS = 15;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_SECONDS = 30 * 60;
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

export function backoffSeconds(failures: number): number {
  if (failures >= LOCK_AFTER_FAILURES) return LOCK_SECONDS;
  if (failures <= FREE_FAILURES) return 0;
  return BASE_SECONDS * 2 ** (failures - FREE_FAILURES - 1);
}

/** Throws 429 while the key is blocked. */
export async function assertNotBlocked(db: Database, key: string): Promise<void> {
  const retryAfter = await blockedFor(db, key);
  if (retryAfter !== undefined) throw tooManyRequests(Math.max(1, retryAfter));
}

/** Counts a failure and blocks the key for its back-off; answers how many failures there are now. */
export async function recordFailure(db: Database, key: string): Promise<number> {
  const failures = await countFailure(db, key, FORGET_AFTER_SECONDS);
  const seconds = backoffSeconds(failures);
  if (seconds > 0) await blockKey(db, key, seconds);
  return failures;
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await clearKey(db, key);
}

function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('tooManyRequests', { headers: { 'retry-after': String(retryAfterSeconds) } });
}
