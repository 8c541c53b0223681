import { EMAIL_TAKEN_CODE } from '../../../src/domain/api-errors.ts';
import { normalizeEmail, type SignInInput, type SignUpInput } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import type { AccountRole } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { checkAdminSecondFactor, recordAdminSignIn } from '../audit/admin-sign-in.ts';
import { enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import { assertPasswordChecksAllowed, checkCurrentPassword, clearPasswordFailures, recordPasswordFailure } from './lockout.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { deleteSession, deleteSessionsOfAccount, findAccountByEmail, findAccountById, insertAccount, syncRoles, updatePasswordHash } from './queries.ts';
import { createSession, displayName, type AuthSession } from './sessions.ts';

/** The role an email gets from configuration (product decision 4). */
export function roleForEmail(ctx: AppContext, email: string): AccountRole {
  if (ctx.config.adminEmails.includes(email)) return 'admin';
  if (ctx.config.staffEmails.includes(email)) return 'staff';
  return 'member';
}

/** A new account's roles from configuration: ADMIN_EMAILS are console owners (product decision 32). */
export function configuredRoles(ctx: AppContext, email: string): { role: AccountRole; consoleRole: 'owner' | null; consoleRoleFromConfig: boolean } {
  const role = roleForEmail(ctx, email);
  return { role, consoleRole: role === 'admin' ? 'owner' : null, consoleRoleFromConfig: role === 'admin' };
}

export interface SignedIn {
  token: string;
  maxAgeSeconds: number;
  name: string;
}

export async function signUp(ctx: AppContext, input: SignUpInput, ip: string, options: { isTest?: boolean } = {}): Promise<SignedIn> {
  const { db } = ctx.database;
  await enforceRateLimit(db, `signup:ip:${ip}`, rateLimitRules.signUpPerIp);
  const email = normalizeEmail(input.email);
  const account = await insertAccount(db, {
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    birthday: input.birthday,
    ...configuredRoles(ctx, email),
    isTest: options.isTest ?? false,
  });
  if (!account) throw new AppError('emailTaken', { code: EMAIL_TAKEN_CODE });
  ctx.logger.info('account created', { accountId: account.id });
  return { ...(await createSession(ctx, account)), name: displayName(account) };
}

/**
 * Sign-in: the same answer, in about the same time, for an unknown email and a wrong password.
 * Failures count per address (./lockout.ts): back-off, then the lockout of product decision 36,
 * answered 429 tooManyRequests for known and unknown addresses alike.
 */
export async function signIn(ctx: AppContext, input: SignInInput, ip: string): Promise<SignedIn> {
  const { db } = ctx.database;
  await enforceRateLimit(db, `signin:ip:${ip}`, rateLimitRules.signInPerIp);
  const email = normalizeEmail(input.email);
  await assertPasswordChecksAllowed(ctx, email);
  const account = await findAccountByEmail(db, email);
  const valid = account ? await verifyPassword(account.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!account || !valid) {
    await recordPasswordFailure(ctx, email, account);
    if (account && (account.role === 'admin' || roleForEmail(ctx, email) === 'admin')) {
      await recordAdminSignIn(ctx, { accountId: account.id, email }, ip, 'failure', 'invalidCredentials');
    }
    throw new AppError('invalidCredentials');
  }
  await clearPasswordFailures(ctx, email);
  await syncRoles(db, ctx.config.adminEmails, ctx.config.staffEmails, account.id);
  const role = (await findAccountById(db, account.id))?.role ?? account.role;
  // Admins: the second factor when enrolled, and every sign-in in the audit log (product decision 24).
  const actor = { accountId: account.id, email };
  const secondFactor = role === 'admin' && (await checkAdminSecondFactor(ctx, actor, input.otp, ip));
  const signedIn = { ...(await createSession(ctx, { id: account.id, role }, { secondFactor })), name: displayName(account) };
  if (role === 'admin') await recordAdminSignIn(ctx, actor, ip, 'success');
  return signedIn;
}

export async function signOut(ctx: AppContext, session: AuthSession): Promise<void> {
  await deleteSession(ctx.database.db, session.sessionId);
}

/** Changing the password asks for the current one and ends every other session (product decisions 1 and 2). */
export async function changePassword(ctx: AppContext, session: AuthSession, input: { current_password: string; password: string }): Promise<void> {
  const { db } = ctx.database;
  const account = await findAccountById(db, session.accountId);
  if (!account) throw new AppError('changePasswordFailed');
  await checkCurrentPassword(ctx, account, input.current_password, 'changePasswordFailed');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, account.id, passwordHash);
    await deleteSessionsOfAccount(tx, account.id, session.sessionId);
  });
  ctx.logger.info('password changed', { accountId: account.id });
}

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { checkCurrentPassword } from './lockout.ts';
export { findAccountByEmail, findAccountById, insertAccount, syncRoles, type AccountRow } from './queries.ts';
