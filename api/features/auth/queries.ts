import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ConsoleRole } from '../../../src/domain/admin/permissions.ts';
import { asDate, type Database, type DatabaseHandle } from '../../db/client.ts';
import { accounts, passwordResetTokens, sessions, type AccountRole } from '../../db/schema/index.ts';
import type { SessionKind, SessionTimes } from './session-policy.ts';

/** Named queries of the account service; prepared once per database. */
function prepare(db: Database) {
  return {
    findAccountByEmail: db
      .select()
      .from(accounts)
      .where(eq(accounts.email, sql.placeholder('email')))
      .prepare('find_account_by_email'),
  };
}

const cache = new WeakMap<Database, ReturnType<typeof prepare>>();
function prepared(db: Database) {
  let queries = cache.get(db);
  if (!queries) cache.set(db, (queries = prepare(db)));
  return queries;
}

/** A session with what every signed-in request needs of its account. */
export interface SessionRow extends SessionTimes {
  id: string;
  secretHash: string;
  kind: SessionKind;
  lastUsedAt: Date;
  secondFactorAt: Date | null;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  consoleRole: ConsoleRole | null;
  /** Signed up (spec: a non-empty order history) = a completed order made a subscription. */
  isSignedUp: boolean;
  hasCard: boolean;
}
export type AccountRow = typeof accounts.$inferSelect;

/**
 * The read behind every signed-in request: plain SQL through the handle's `readRows` (one prepared
 * statement, no query builder or row mapping; see DatabaseHandle.readRows), mapped here.
 */
const findSessionText = `select s.id, s.secret_hash, s.kind, s.last_used_at, s.idle_expires_at, s.absolute_expires_at, s.second_factor_at,
  a.id as account_id, a.email, a.first_name, a.last_name, a.role, a.console_role,
  exists (select 1 from subscriptions u where u.account_id = a.id) as is_signed_up,
  exists (select 1 from cards c where c.account_id = a.id) as has_card
from sessions s join accounts a on a.id = s.account_id where s.id = $1`;

interface SessionRecord {
  id: string;
  secret_hash: string;
  kind: SessionKind;
  last_used_at: string | Date;
  idle_expires_at: string | Date;
  absolute_expires_at: string | Date;
  second_factor_at: string | Date | null;
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: AccountRole;
  console_role: ConsoleRole | null;
  is_signed_up: boolean;
  has_card: boolean;
}

export function findSessionWithAccount(database: Pick<DatabaseHandle, 'readRows'>, id: string): Promise<SessionRow | undefined> {
  return database.readRows<SessionRecord>(findSessionText, [id]).then(([row]) => row && sessionRowOf(row));
}

function sessionRowOf(row: SessionRecord): SessionRow {
  return {
    id: row.id,
    secretHash: row.secret_hash,
    kind: row.kind,
    lastUsedAt: asDate(row.last_used_at),
    idleExpiresAt: asDate(row.idle_expires_at),
    absoluteExpiresAt: asDate(row.absolute_expires_at),
    secondFactorAt: asDate(row.second_factor_at),
    accountId: row.account_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    consoleRole: row.console_role,
    isSignedUp: row.is_signed_up,
    hasCard: row.has_card,
  };
}

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  const rows = await prepared(db).findAccountByEmail.execute({ email });
  return rows[0];
}

export async function findAccountById(db: Database, id: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  birthday: string;
  role: AccountRole;
  consoleRole?: ConsoleRole | null;
  consoleRoleFromConfig?: boolean;
  isTest?: boolean;
}

/** Inserts an account; undefined when the email is already taken. */
export async function insertAccount(db: Database, account: NewAccount): Promise<AccountRow | undefined> {
  const rows = await db.insert(accounts).values(account).onConflictDoNothing({ target: accounts.email }).returning();
  return rows[0];
}

/**
 * The one write of a password (a reset and a change alike): every reset link not yet used stops
 * working with it, so a link mailed for the old password cannot set another one.
 */
export async function updatePasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  const now = new Date();
  await db.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, id));
  await expireResetTokensOfAccount(db, id, now);
}

/**
 * Copies ADMIN_EMAILS / STAFF_EMAILS into the roles (product decisions 4 and 32): ADMIN_EMAILS are
 * owners; a console role granted on the staff screen stays; an owner by configuration whose address
 * left ADMIN_EMAILS loses it; everyone else is staff or a member. One account when `accountId` is
 * given (at sign-in), every account otherwise (at start).
 */
export async function syncRoles(db: Database, adminEmails: string[], staffEmails: string[], accountId?: string): Promise<void> {
  const isConfiguredOwner = sql`(${accounts.email} = any(${sql.param(adminEmails)}::text[]))`;
  const consoleRole = sql`(case when ${isConfiguredOwner} then 'owner' when ${accounts.consoleRoleFromConfig} then null else ${accounts.consoleRole} end)`;
  const role = sql`(case
    when ${isConfiguredOwner} then 'admin'
    when ${accounts.consoleRole} is not null and not ${accounts.consoleRoleFromConfig} then 'admin'
    when ${accounts.email} = any(${sql.param(staffEmails)}::text[]) then 'staff'
    else 'member' end)`;
  await db
    .update(accounts)
    .set({ role, consoleRole, consoleRoleFromConfig: isConfiguredOwner })
    .where(
      and(
        accountId ? eq(accounts.id, accountId) : undefined,
        sql`(${accounts.role}, ${accounts.consoleRole}, ${accounts.consoleRoleFromConfig}) is distinct from (${role}, ${consoleRole}, ${isConfiguredOwner})`,
      ),
    );
}

export async function insertSession(
  db: Database,
  session: { id: string; secretHash: string; accountId: string; kind: SessionKind; secondFactorAt: Date | null } & SessionTimes,
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function refreshSession(db: Database, id: string, now: Date, idleExpiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, idleExpiresAt }).where(eq(sessions.id, id));
}

/** Records that a session passed the second factor; false when the session is gone. */
export async function markSessionSecondFactor(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of an account, except the one given (a password change keeps the current one). */
export async function deleteSessionsOfAccount(db: Database, accountId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.accountId, accountId), ne(sessions.id, exceptSessionId)) : eq(sessions.accountId, accountId));
}

export async function insertResetToken(db: Database, token: { tokenHash: string; accountId: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Marks a reset token used, if it is unused and unexpired; returns its account. Single use by construction. */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date): Promise<string | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ accountId: passwordResetTokens.accountId });
  return rows[0]?.accountId;
}

/** Every unused reset link of the account stops working (the password was set). */
export async function expireResetTokensOfAccount(db: Database, accountId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));
}
