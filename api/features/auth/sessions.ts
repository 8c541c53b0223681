import type { ConsoleRole } from '../../../src/domain/admin/permissions.ts';
import type { AppContext } from '../../context.ts';
import type { AccountRole } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { deleteSession, deleteSessionsOfAccount, findSessionWithAccount, insertSession, markSessionSecondFactor, refreshSession, type AccountRow, type SessionRow } from './queries.ts';
import { isExpired, newSessionTimes, sessionPolicy, slidingRefresh, type SessionKind } from './session-policy.ts';
import { createSessionToken, parseSessionToken, secretMatches } from './tokens.ts';

/** Who is signed in, as every protected route sees it. */
export interface AuthSession {
  sessionId: string;
  kind: SessionKind;
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** 「山田 花子」: last name first, as the spec shows names. */
  name: string;
  role: AccountRole;
  /** What this console account may do (product decision 32); null outside the console. */
  consoleRole: ConsoleRole | null;
  isAdmin: boolean;
  isStaff: boolean;
  isSignedUp: boolean;
  /** A payment card is saved (product decision 3: a signed-up member without one is signed out). */
  hasCard: boolean;
  /** This session passed the second factor (product decisions 24 and 32): at sign-in, or by enrolling. */
  secondFactor: boolean;
}

export function displayName(account: { lastName: string; firstName: string }): string {
  return `${account.lastName} ${account.firstName}`;
}

/**
 * A new session at every sign-in (product decision 1): admins get the short admin lifetimes.
 * `secondFactor`: the sign-in checked the second factor, and the session records it.
 */
export async function createSession(
  ctx: AppContext,
  account: Pick<AccountRow, 'id' | 'role'>,
  options: { secondFactor?: boolean } = {},
): Promise<{ token: string; maxAgeSeconds: number }> {
  const kind: SessionKind = account.role === 'admin' ? 'admin' : 'member';
  const { token, id, secretHash } = createSessionToken();
  const now = new Date();
  await insertSession(ctx.database.db, { id, secretHash, accountId: account.id, kind, secondFactorAt: options.secondFactor ? now : null, ...newSessionTimes(kind, now) });
  return { token, maxAgeSeconds: Math.floor(sessionPolicy[kind].absoluteMs / 1000) };
}

/**
 * Checks a presented token: one prepared query, a constant-time comparison, a refresh at most hourly.
 * Behind every signed-in request, so a promise chain (as the guard's): the valid session without a
 * refresh due, the usual case, costs one promise step after the read.
 */
export function validateSessionToken(ctx: AppContext, token: string): Promise<AuthSession | undefined> {
  const parts = parseSessionToken(token);
  if (!parts) return Promise.resolve(undefined);
  return findSessionWithAccount(ctx.database, parts.id).then((row) => {
    if (!row || !secretMatches(parts.secret, row.secretHash)) return undefined;
    const now = new Date();
    if (isExpired(row, now)) return deleteSession(ctx.database.db, row.id).then(() => undefined);
    const session = authSessionOf(row);
    const idleExpiresAt = slidingRefresh(row.kind, row, now);
    return idleExpiresAt ? refreshSession(ctx.database.db, row.id, now, idleExpiresAt).then(() => session) : session;
  });
}

function authSessionOf(row: SessionRow): AuthSession {
  return {
    sessionId: row.id,
    kind: row.kind,
    accountId: row.accountId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: displayName(row),
    role: row.role,
    consoleRole: row.consoleRole,
    isAdmin: row.role === 'admin',
    isStaff: row.role === 'staff',
    isSignedUp: row.isSignedUp,
    hasCard: row.hasCard,
    secondFactor: row.secondFactorAt !== null,
  };
}

/**
 * Enrolling in the second factor (product decision 32): the session that enrolled has passed it, and
 * every other session of the account ends, so none made with the password alone lives on. Run it
 * inside the enrolment's transaction.
 */
export async function keepOnlyThisSessionWithSecondFactor(db: Database, session: Pick<AuthSession, 'sessionId' | 'accountId'>, now: Date): Promise<boolean> {
  if (!(await markSessionSecondFactor(db, session.sessionId, now))) return false;
  await deleteSessionsOfAccount(db, session.accountId, session.sessionId);
  return true;
}
