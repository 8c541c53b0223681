import { desc, eq } from 'drizzle-orm';
import type { ConsoleRole, Permission } from '../../src/domain/admin/permissions.ts';
import { adminPermissionOf } from '../../api/features/audit/admin-route.ts';
import { seedAccounts } from '../../api/db/seed.ts';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { auditLog } from '../../api/db/schema/index.ts';
import { createBrowser, signUpIn, type TestBrowser } from './browser.ts';
import type { TestApp } from './test-app.ts';

/**
 * Admins for the API tests. Outside production the demo admin's address is an admin email
 * (api/config.ts), so signing it up in a fresh test database makes an admin.
 */
export const ADMIN_PASSWORD = 'kanri2026';

/** A browser signed in as an admin (signed up on first use, signed in afterwards). */
export async function adminBrowser(app: TestApp, email: string = DEMO_ADMIN.email, extra: { otp?: string } = {}): Promise<TestBrowser> {
  const browser = createBrowser(app);
  const signIn = await browser.post('/api/auth/signin', { email, password: ADMIN_PASSWORD, ...extra });
  if (signIn.status === 200) return browser;
  await signUpIn(browser, { email, password: ADMIN_PASSWORD });
  return browser;
}

/** The newest audit entries (the last first). */
export async function latestAuditEntries(app: TestApp, count = 1, action?: string) {
  return app.ctx.database.db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(count);
}

/** The paths of every admin API route the app registers, with a sample id in place of parameters, and the permission its guard checks. */
export function adminRoutes(app: TestApp): { method: string; path: string; permission: Permission | undefined }[] {
  return app.runtime.app['~routes']
    .filter((route) => route.route?.startsWith('/api/v2/admin/') || route.route === '/api/v2/admin')
    .map((route) => ({
      method: route.method || 'GET',
      path: route.route!.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000001'),
      permission: adminPermissionOf(route.handler),
    }));
}

/** A browser signed in as a console account of this role (made on first use). */
export async function staffBrowser(app: TestApp, role: ConsoleRole): Promise<TestBrowser> {
  const email = `${role}.staff@musio-english.example`;
  if (role === 'owner') return adminBrowser(app);
  await seedAccounts(app.ctx, [{ email, password: ADMIN_PASSWORD, lastName: 'スタッフ', firstName: role, birthday: '199001', consoleRole: role }]);
  const browser = createBrowser(app);
  const signIn = await browser.post('/api/auth/signin', { email, password: ADMIN_PASSWORD });
  if (signIn.status !== 200) throw new Error(`staffBrowser: sign-in answered ${signIn.status}`);
  return browser;
}
