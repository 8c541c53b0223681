import type { ConsoleRole } from '../../../src/domain/admin/permissions.ts';
import { removesLastOwner, type StaffRoleChoice, type StaffRow } from '../../../src/domain/admin/staff.ts';
import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { displayName } from '../auth/sessions.ts';
import { deleteSessionsOf, listStaffAccounts, lockOwners, lockStaffAccount, setConsoleRole } from './queries.ts';

/** Every console account and its role (product decision 32). */
export async function listStaff(ctx: AppContext): Promise<StaffRow[]> {
  const rows = await listStaffAccounts(ctx.database.db);
  return rows.map((row) => ({ accountId: row.id, email: row.email, name: displayName(row), role: row.consoleRole!, fromConfig: row.fromConfig }));
}

export interface RoleChange {
  accountId: string;
  email: string;
  before: ConsoleRole | null;
  after: ConsoleRole | null;
}

/**
 * Gives an account a console role, changes it or removes it ('none'), in one transaction with the
 * audit entry (`beforeCommit`). Refused: an owner by ADMIN_EMAILS (409 staffRoleFromConfig: the next
 * start would put it back) and a change that leaves no owner (409 lastOwner). A removed account's
 * sessions end at once.
 */
export async function changeStaffRole(
  ctx: AppContext,
  who: { id: string } | { email: string },
  next: StaffRoleChoice,
  beforeCommit: (change: RoleChange, tx: Database) => Promise<void>,
): Promise<RoleChange> {
  return ctx.database.db.transaction(async (tx) => {
    const owners = await lockOwners(tx);
    const account = await lockStaffAccount(tx, 'email' in who ? { email: normalizeEmail(who.email) } : who);
    if (!account) throw new AppError('email' in who ? 'staffAccountNotFound' : 'notFound');
    if (account.fromConfig) throw new AppError('staffRoleFromConfig');
    if (removesLastOwner(owners, account.consoleRole, next)) throw new AppError('lastOwner');
    const after = next === 'none' ? null : next;
    await setConsoleRole(tx, account.id, after, ctx.config.staffEmails);
    if (!after) await deleteSessionsOf(tx, account.id);
    const change = { accountId: account.id, email: account.email, before: account.consoleRole, after };
    await beforeCommit(change, tx);
    return change;
  });
}
