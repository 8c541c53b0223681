import type { AppContext } from '../context.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { findAccountByEmail, insertAccount, syncRoles } from '../features/auth/queries.ts';
import { roleForEmail } from '../features/auth/service.ts';
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts.ts';

/** Copies ADMIN_EMAILS and STAFF_EMAILS into the accounts' roles at every start (decision 4). */
export async function syncConfiguredRoles(ctx: AppContext): Promise<void> {
  await syncRoles(ctx.database.db, ctx.config.adminEmails, ctx.config.staffEmails);
}

/** Creates the demo accounts that are missing; returns their emails. Refused in production. */
export async function seedDemoData(ctx: AppContext): Promise<string[]> {
  if (ctx.config.isProduction) throw new Error('Demo data is never created in production');
  const { db } = ctx.database;
  const created: string[] = [];
  for (const demo of [DEMO_ADMIN, DEMO_MEMBER]) {
    if (await findAccountByEmail(db, demo.email)) continue;
    await insertAccount(db, {
      email: demo.email,
      passwordHash: await hashPassword(demo.password),
      firstName: demo.firstName,
      lastName: demo.lastName,
      birthday: demo.birthday,
      role: roleForEmail(ctx, demo.email),
    });
    created.push(demo.email);
  }
  return created;
}
