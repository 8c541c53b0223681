/**
 * Session lifetimes (product decision 1): members end after 10 days without use or 30 days in all; admins
 * after 30 minutes idle or 12 hours. The idle deadline slides forward, written at most once an
 * hour for members and every 5 minutes for admins (whose idle limit is only 30 minutes).
 */
export type SessionKind = 'member' | 'admin';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const sessionPolicy: Record<SessionKind, { idleMs: number; absoluteMs: number; refreshMs: number }> = {
  member: { idleMs: 10 * DAY, absoluteMs: 30 * DAY, refreshMs: HOUR },
  admin: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR, refreshMs: 5 * MINUTE },
};

export interface SessionTimes {
  lastUsedAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export function newSessionTimes(kind: SessionKind, now: Date): SessionTimes {
  const policy = sessionPolicy[kind];
  return {
    lastUsedAt: now,
    idleExpiresAt: new Date(now.getTime() + policy.idleMs),
    absoluteExpiresAt: new Date(now.getTime() + policy.absoluteMs),
  };
}

export function isExpired(times: SessionTimes, now: Date): boolean {
  return now >= times.idleExpiresAt || now >= times.absoluteExpiresAt;
}

/** The new idle deadline if it is time to write one, else undefined. */
export function slidingRefresh(kind: SessionKind, times: SessionTimes, now: Date): Date | undefined {
  const policy = sessionPolicy[kind];
  if (now.getTime() - times.lastUsedAt.getTime() < policy.refreshMs) return undefined;
  return new Date(Math.min(now.getTime() + policy.idleMs, times.absoluteExpiresAt.getTime()));
}
