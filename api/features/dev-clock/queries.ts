import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devClock } from '../../db/schema/index.ts';

/** The shared offset of the development clock (0 until someone moves it). */
export async function loadClockOffset(db: Database): Promise<number> {
  const [row] = await db.select({ offsetMs: devClock.offsetMs }).from(devClock);
  return row?.offsetMs ?? 0;
}

/** Moves the shared offset forward (never back: the larger of the stored and the new one wins). */
export async function saveClockOffset(db: Database, offsetMs: number): Promise<number> {
  const [row] = await db
    .insert(devClock)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({ target: devClock.id, set: { offsetMs: sql`greatest(${devClock.offsetMs}, excluded.offset_ms)`, updatedAt: sql`now()` } })
    .returning({ offsetMs: devClock.offsetMs });
  return row!.offsetMs;
}
