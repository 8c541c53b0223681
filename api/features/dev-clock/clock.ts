import type { AppContext } from '../../context.ts';
import { OffsetClock } from '../../lib/clock.ts';
import { loadClockOffset, saveClockOffset } from './queries.ts';

/**
 * The development clock is shared through the database, so every server process (and every job
 * worker) of a test or a demo agrees on the moved-forward time. Production's clock is real time
 * and never reads it.
 */
const SYNC_INTERVAL_MS = 1000;
const lastSync = new WeakMap<OffsetClock, number>();

/** Whether this process's clock is due to read the shared offset again (no promise: every request asks). */
export function clockSyncIsDue(ctx: AppContext): boolean {
  return ctx.clock instanceof OffsetClock && Date.now() - (lastSync.get(ctx.clock) ?? 0) >= SYNC_INTERVAL_MS;
}

/** Brings this process's clock up to the shared offset (cheap: at most once a second unless forced). */
export async function syncClock(ctx: AppContext, options: { force?: boolean } = {}): Promise<void> {
  const clock = ctx.clock;
  if (!(clock instanceof OffsetClock) || (!options.force && !clockSyncIsDue(ctx))) return;
  lastSync.set(clock, Date.now());
  clock.setOffset(await loadClockOffset(ctx.database.db));
}

/** Moves the shared clock forward to an instant; returns the clock's new now. */
export async function moveClockTo(ctx: AppContext, instant: Date): Promise<Date> {
  const clock = ctx.clock;
  if (!(clock instanceof OffsetClock)) throw new Error('the clock cannot be moved in production');
  const offset = await saveClockOffset(ctx.database.db, Math.max(0, instant.getTime() - Date.now()));
  clock.setOffset(offset);
  lastSync.set(clock, Date.now());
  return clock.now();
}
