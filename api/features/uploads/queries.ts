import { inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingUploads } from '../../db/schema/index.ts';

/** A file about to be stored (or, with S3, about to be uploaded by the browser): it waits here until claimed. */
export async function insertPendingUpload(db: Database, storageKey: string, at: Date): Promise<void> {
  await db.insert(pendingUploads).values({ storageKey, createdAt: at });
}

/** Takes the files off the waiting list; how many of them were waiting (each may be claimed once). */
export async function claimPendingUploads(db: Database, storageKeys: string[]): Promise<number> {
  if (storageKeys.length === 0) return 0;
  const claimed = await db.delete(pendingUploads).where(inArray(pendingUploads.storageKey, storageKeys)).returning({ key: pendingUploads.storageKey });
  return claimed.length;
}

/** Takes up to `limit` files nothing claimed since before `before` off the list: theirs to delete. */
export async function takeUnclaimedUploads(db: Database, before: Date, limit: number): Promise<string[]> {
  const stale = db.select({ key: pendingUploads.storageKey }).from(pendingUploads).where(lt(pendingUploads.createdAt, before)).limit(limit);
  const taken = await db.delete(pendingUploads).where(inArray(pendingUploads.storageKey, stale)).returning({ key: pendingUploads.storageKey });
  return taken.map((row) => row.key);
}
