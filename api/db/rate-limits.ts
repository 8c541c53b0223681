import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimits } from './schema/index.ts';

/**
 * The counters behind api/lib/rate-limit.ts: one atomic upsert per hit; time comes from the
 * database, not from each server's clock.
 */

/** Counts a hit in a window of `windowSeconds`: the hits so far and the seconds until the window ends. */
export async function countHit(db: Database, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number } | undefined> {
  const windowExpired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
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
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))))::int`,
    });
  return row;
}

/** Seconds the key stays blocked, or undefined when it is not. */
export async function blockedFor(db: Database, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.blockedUntil} - now())))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.blockedUntil} > now()`);
  return row?.retryAfter;
}

/** Counts a failure; the count starts again after `forgetAfterSeconds` without failures. */
export async function countFailure(db: Database, key: string, forgetAfterSeconds: number): Promise<number> {
  const stale = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${forgetAfterSeconds})`;
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
  return row?.hits ?? 1;
}

export async function blockKey(db: Database, key: string, seconds: number): Promise<void> {
  await db.update(rateLimits).set({ blockedUntil: sql`now() + make_interval(secs => ${seconds})` }).where(eq(rateLimits.key, key));
}

export async function clearKey(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
