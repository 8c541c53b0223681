import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminRecoveryCodes, adminTotp } from '../../db/schema/index.ts';

export type TotpRow = typeof adminTotp.$inferSelect;

export async function findTotp(db: Database, accountId: string): Promise<TotpRow | undefined> {
  return (await db.select().from(adminTotp).where(eq(adminTotp.accountId, accountId)))[0];
}

export async function hasConfirmedTotp(db: Database, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ accountId: adminTotp.accountId })
    .from(adminTotp)
    .where(and(eq(adminTotp.accountId, accountId), isNotNull(adminTotp.confirmedAt)));
  return rows.length > 0;
}

/** Starts (or restarts) enrolment with a new key; never replaces a confirmed one. */
export async function savePendingTotp(db: Database, accountId: string, secret: string): Promise<boolean> {
  const rows = await db
    .insert(adminTotp)
    .values({ accountId, secret })
    .onConflictDoUpdate({ target: adminTotp.accountId, set: { secret, lastUsedStep: null }, setWhere: isNull(adminTotp.confirmedAt) })
    .returning({ accountId: adminTotp.accountId });
  return rows.length > 0;
}

/** Confirms a pending key with the step of its first code; false when already confirmed or gone. */
export async function confirmTotp(db: Database, accountId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminTotp)
    .set({ confirmedAt: now, lastUsedStep: step })
    .where(and(eq(adminTotp.accountId, accountId), isNull(adminTotp.confirmedAt)))
    .returning({ accountId: adminTotp.accountId });
  return rows.length > 0;
}

/** Uses a code's step: succeeds only for a step later than the last one used (no replay). */
export async function useTotpStep(db: Database, accountId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(adminTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(adminTotp.accountId, accountId), isNotNull(adminTotp.confirmedAt), or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, step))))
    .returning({ accountId: adminTotp.accountId });
  return rows.length > 0;
}

/** Replaces the stored form of a key (its encryption at rest), leaving everything else as it is. */
export async function updateStoredTotpSecret(db: Database, accountId: string, from: string, to: string): Promise<void> {
  await db.update(adminTotp).set({ secret: to }).where(and(eq(adminTotp.accountId, accountId), eq(adminTotp.secret, from)));
}

export async function deleteTotp(db: Database, accountId: string): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.accountId, accountId));
  await db.delete(adminTotp).where(eq(adminTotp.accountId, accountId));
}

export async function replaceRecoveryCodes(db: Database, accountId: string, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.accountId, accountId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
}

/** Marks an unused recovery code used; false when it is unknown or was used before. */
export async function useRecoveryCode(db: Database, accountId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(adminRecoveryCodes.accountId, accountId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.accountId, accountId), isNull(adminRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
