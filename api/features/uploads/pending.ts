import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { claimPendingUploads, insertPendingUpload, takeUnclaimedUploads } from './queries.ts';

/**
 * Files uploaded ahead of what carries them (product decisions 20 and 31): a support form or reply,
 * a mail taken into a ticket, a step mail being written. Each goes on a waiting list before its
 * bytes are stored, what carries it claims it from the list in its own transaction, and what
 * nothing claimed within a day is deleted: an abandoned form may hold personal data nobody asked
 * us to keep, and storage would otherwise grow with every upload never saved.
 */

/** How long a stored file may wait for what carries it (real time: a form left open). */
const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 100;

/** A key a file will be stored under: listed before its bytes (or, with S3, before the browser gets a presigned POST for it). */
export async function expectUpload(ctx: AppContext, key: string): Promise<void> {
  await insertPendingUpload(ctx.database.db, key, new Date());
}

/** Stores a file on the waiting list first: a file is never kept without a row that lets the sweep find it. */
export async function storePendingUpload(ctx: AppContext, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await expectUpload(ctx, key);
  await ctx.storage.put(key, bytes, contentType);
}

/**
 * Claims the files for what carries them, in its transaction: every one must be waiting (uploaded
 * here, not claimed before, not swept), or 422 `fileNotFound` and the transaction rolls back.
 */
export async function claimUploads(tx: Database, storageKeys: string[]): Promise<void> {
  if ((await claimPendingUploads(tx, storageKeys)) !== storageKeys.length) throw new AppError('fileNotFound');
}

/**
 * Deletes the files nothing claimed within a day. Each is taken off the list before its file goes,
 * so whatever claims it at that moment is refused rather than left pointing at nothing.
 */
export async function sweepUnclaimedUploads(ctx: AppContext, now = new Date()): Promise<number> {
  let swept = 0;
  for (;;) {
    const keys = await takeUnclaimedUploads(ctx.database.db, new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS), SWEEP_BATCH);
    for (const key of keys) await ctx.storage.delete(key);
    swept += keys.length;
    if (keys.length < SWEEP_BATCH) return swept;
  }
}
