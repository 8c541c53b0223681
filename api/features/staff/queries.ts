import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ConsoleRole } from '../../../src/domain/admin/permissions.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions } from '../../db/schema/index.ts';

export async function listStaffAccounts(db: Database) {
  return db
    .select({ id: accounts.id, email: accounts.email, lastName: accounts.lastName, firstName: accounts.firstName, consoleRole: accounts.consoleRole, fromConfig: accounts.consoleRoleFromConfig })
    .from(accounts)
    .where(isNotNull(accounts.consoleRole))
    .orderBy(asc(accounts.email));
}

/** The account, its row locked for the change. */
export async function lockStaffAccount(db: Database, where: { id: string } | { email: string }) {
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, role: accounts.role, consoleRole: accounts.consoleRole, fromConfig: accounts.consoleRoleFromConfig })
    .from(accounts)
    .where('id' in where ? eq(accounts.id, where.id) : eq(accounts.email, where.email))
    .for('update');
  return rows[0];
}

/** Locks every owner's row (so two owners cannot remove each other at once) and counts them. */
export async function lockOwners(db: Database): Promise<number> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.consoleRole, 'owner')).for('update');
  return rows.length;
}

/** Grants or removes a console role; removing one makes the account staff or a member again. */
export async function setConsoleRole(db: Database, id: string, consoleRole: ConsoleRole | null, staffEmails: string[]): Promise<void> {
  const role = consoleRole ? sql`'admin'` : sql`case when ${accounts.email} = any(${sql.param(staffEmails)}::text[]) then 'staff' else 'member' end`;
  await db.update(accounts).set({ consoleRole, consoleRoleFromConfig: false, role, updatedAt: new Date() }).where(eq(accounts.id, id));
}

export async function deleteSessionsOf(db: Database, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}
