import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRow } from '../../../src/domain/admin/staff.ts';
import { seedAccounts } from '../../db/seed.ts';
import { accounts } from '../../db/schema/index.ts';
import { ADMIN_PASSWORD, adminBrowser, latestAuditEntries, staffBrowser } from '../../../tests/support/admin.ts';
import { createBrowser, uniqueEmail } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';

const app = useTestApp();

async function staffList(browser: Awaited<ReturnType<typeof adminBrowser>>): Promise<StaffRow[]> {
  const response = await browser.get('/api/v2/admin/staff');
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: StaffRow[] }).data;
}

async function newAccount(): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('hire');
  await seedAccounts(app.ctx, [{ email, password: ADMIN_PASSWORD, lastName: '新人', firstName: '太郎', birthday: '199504' }]);
  const [row] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return { id: row!.id, email };
}

describe('the staff screen (product decision 32)', () => {
  it('lists the configured owner, who cannot be changed there', async () => {
    const owner = await adminBrowser(app);
    const list = await staffList(owner);
    const self = list.find((row) => row.email === DEMO_ADMIN.email)!;
    expect(self).toMatchObject({ role: 'owner', fromConfig: true });
    const change = await owner.request(`/api/v2/admin/staff/${self.accountId}`, { method: 'PUT', json: { role: 'support' } });
    expect(change.status).toBe(409);
    expect(await change.json()).toEqual({ status: 'error', code: 'staffRoleFromConfig' });
  });

  it('adds an account with a role, changes it, removes it; each change audited', async () => {
    const owner = await adminBrowser(app);
    const hire = await newAccount();
    const added = await owner.post('/api/v2/admin/staff', { email: hire.email.toUpperCase(), role: 'support' });
    expect(added.status).toBe(200);
    expect((await staffList(owner)).find((row) => row.email === hire.email)).toMatchObject({ role: 'support', fromConfig: false });
    expect((await latestAuditEntries(app, 1, 'staffUpdate'))[0]).toMatchObject({ outcome: 'success', targetId: hire.id, before: { role: null }, after: { role: 'support' } });

    // The new staff member signs in to the console and sees the desk, not mass mail.
    const hired = createBrowser(app);
    expect((await hired.post('/api/auth/signin', { email: hire.email, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await hired.get('/api/v2/admin/support-tickets')).status).toBe(200);
    expect((await hired.get('/api/v2/admin/mail')).status).toBe(403);
    const session = (await (await hired.get('/api/auth/session')).json()) as { data: { consoleRole: string; isAdmin: boolean } };
    expect(session.data).toMatchObject({ consoleRole: 'support', isAdmin: true });

    expect((await owner.request(`/api/v2/admin/staff/${hire.id}`, { method: 'PUT', json: { role: 'marketing' } })).status).toBe(200);
    expect((await hired.get('/api/v2/admin/mail')).status).toBe(200);
    expect((await latestAuditEntries(app, 1, 'staffUpdate'))[0]).toMatchObject({ before: { role: 'support' }, after: { role: 'marketing' } });

    expect((await owner.request(`/api/v2/admin/staff/${hire.id}`, { method: 'PUT', json: { role: 'none' } })).status).toBe(200);
    expect((await staffList(owner)).some((row) => row.email === hire.email)).toBe(false);
    // Removed: the console session ends at once.
    expect((await hired.get('/api/v2/admin/mail')).status).toBe(401);
    const [row] = await app.ctx.database.db.select({ role: accounts.role, consoleRole: accounts.consoleRole }).from(accounts).where(eq(accounts.id, hire.id));
    expect(row).toEqual({ role: 'member', consoleRole: null });
  });

  it('never leaves the console without an owner', async () => {
    const owner = await adminBrowser(app);
    const second = await newAccount();
    expect((await owner.post('/api/v2/admin/staff', { email: second.email, role: 'owner' })).status).toBe(200);
    // Two owners: the configured one and this one; the configured one is out of reach, so this one is not the last.
    expect((await owner.request(`/api/v2/admin/staff/${second.id}`, { method: 'PUT', json: { role: 'billing' } })).status).toBe(200);
    // With the configured owner gone from ADMIN_EMAILS, the only owner left cannot step down.
    expect((await owner.request(`/api/v2/admin/staff/${second.id}`, { method: 'PUT', json: { role: 'owner' } })).status).toBe(200);
    await app.ctx.database.db.update(accounts).set({ consoleRole: 'support', consoleRoleFromConfig: false }).where(eq(accounts.email, DEMO_ADMIN.email));
    const secondOwner = createBrowser(app);
    expect((await secondOwner.post('/api/auth/signin', { email: second.email, password: ADMIN_PASSWORD })).status).toBe(200);
    const refused = await secondOwner.request(`/api/v2/admin/staff/${second.id}`, { method: 'PUT', json: { role: 'none' } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ status: 'error', code: 'lastOwner' });
    expect((await latestAuditEntries(app, 1, 'staffUpdate'))[0]).toMatchObject({ outcome: 'failure', errorCode: 'lastOwner' });
    await app.ctx.database.db.update(accounts).set({ consoleRole: 'owner', consoleRoleFromConfig: true }).where(eq(accounts.email, DEMO_ADMIN.email));
  });

  it('answers 404 for an unknown address, 400 for an unknown role, 403 to a non-owner', async () => {
    const owner = await adminBrowser(app);
    const unknown = await owner.post('/api/v2/admin/staff', { email: uniqueEmail('nobody'), role: 'billing' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: 'error', code: 'staffAccountNotFound' });
    const hire = await newAccount();
    expect((await owner.request(`/api/v2/admin/staff/${hire.id}`, { method: 'PUT', json: { role: 'superuser' } })).status).toBe(400);
    const billing = await staffBrowser(app, 'billing');
    expect((await billing.get('/api/v2/admin/staff')).status).toBe(403);
  });
});
