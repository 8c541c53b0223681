import type { ConsoleRole } from '../../src/domain/admin/permissions.ts';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { findAccountByEmail, insertAccount, syncRoles } from '../features/auth/service.ts';
import { configuredRoles } from '../features/auth/service.ts';
import { setEventMailConsent } from '../features/consent/service.ts';
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_STAFF } from './demo-accounts.ts';
import { seedCompletedOrder, type SeedMemberDetails } from './seed-orders.ts';

/** Copies ADMIN_EMAILS and STAFF_EMAILS into the accounts' roles at every start (product decision 4). */
export async function syncConfiguredRoles(ctx: AppContext): Promise<void> {
  await syncRoles(ctx.database.db, ctx.config.adminEmails, ctx.config.staffEmails);
}

export interface SeedAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthday: string;
  /** A member who has placed an order (the demo member, test fixtures): address, card, order. */
  signedUp?: SeedMemberDetails;
  /** Accepts event and advertising mail (product decision 19), recorded as consent from the seed. */
  eventMail?: boolean;
  /** A console account of this role (product decision 32); ADMIN_EMAILS are owners without it. */
  consoleRole?: ConsoleRole;
}

/** Creates the accounts that are missing; returns their emails. Refused in production. */
export async function seedAccounts(ctx: AppContext, seeds: SeedAccount[]): Promise<string[]> {
  if (ctx.config.isProduction) throw new Error('Demo data is never created in production');
  const { db } = ctx.database;
  const created: string[] = [];
  for (const seed of seeds) {
    if (await findAccountByEmail(db, seed.email)) continue;
    const account = await insertAccount(db, {
      email: seed.email,
      passwordHash: await hashPassword(seed.password),
      firstName: seed.firstName,
      lastName: seed.lastName,
      birthday: seed.birthday,
      ...configuredRoles(ctx, seed.email),
      ...(seed.consoleRole && seed.consoleRole !== 'owner' ? { role: 'admin' as const, consoleRole: seed.consoleRole } : {}),
    });
    if (!account) continue;
    if (seed.eventMail) await setEventMailConsent(ctx, { accountId: account.id, granted: true, source: 'seed' });
    if (seed.signedUp) await seedCompletedOrder(ctx, account, seed.signedUp);
    created.push(seed.email);
  }
  return created;
}

/** The demo admin (owner), one staff account of each other role and the demo member of the README; the member accepts event mail, to show announcements by mail. */
export function seedDemoData(ctx: AppContext): Promise<string[]> {
  return seedAccounts(ctx, [DEMO_ADMIN, ...DEMO_STAFF, { ...DEMO_MEMBER, signedUp: DEMO_MEMBER.romanized, eventMail: true }]);
}
