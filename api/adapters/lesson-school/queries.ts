import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localSchoolAccounts } from '../../db/schema/index.ts';

/** The lesson-school simulator's own records (development and tests only). */
export type SchoolAccountRow = typeof localSchoolAccounts.$inferSelect;

/** Creates the account of an order once; asking again returns the first one. */
export async function insertSchoolAccountOnce(db: Database, account: typeof localSchoolAccounts.$inferInsert): Promise<SchoolAccountRow> {
  const [created] = await db.insert(localSchoolAccounts).values(account).onConflictDoNothing({ target: localSchoolAccounts.orderId }).returning();
  return created ?? (await db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.orderId, account.orderId)))[0]!;
}

export async function setSchoolAccountStatus(db: Database, id: string, status: string): Promise<boolean> {
  const rows = await db.update(localSchoolAccounts).set({ status }).where(eq(localSchoolAccounts.id, id)).returning({ id: localSchoolAccounts.id });
  return rows.length > 0;
}

export async function findSchoolAccount(db: Database, id: string): Promise<SchoolAccountRow | undefined> {
  return (await db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.id, id)))[0];
}

export async function findSchoolAccountByToken(db: Database, loginToken: string): Promise<SchoolAccountRow | undefined> {
  return (await db.select().from(localSchoolAccounts).where(eq(localSchoolAccounts.loginToken, loginToken)))[0];
}
