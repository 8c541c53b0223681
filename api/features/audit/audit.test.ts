import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';
import { ADMIN_PASSWORD, adminBrowser, adminRoutes, latestAuditEntries } from '../../../tests/support/admin.ts';
import { newMember } from '../../../tests/support/factories.ts';
import { createBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { AuditRow } from '../../../src/domain/admin/audit.ts';
import type { Page } from '../../../src/domain/admin/paging.ts';
import { withoutSecrets } from './record.ts';

const app = useTestApp();

const auditPage = async (browser: Awaited<ReturnType<typeof adminBrowser>>, query = '') => {
  const response = await browser.get(`/api/v2/admin/audit-log${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Page<AuditRow> }).data;
};

describe('every admin route is for admins only (product decision 24)', () => {
  it('registers the console routes of the contract', () => {
    const routes = adminRoutes(app).map((route) => `${route.method} ${route.path.replace(/00000000-[0-9-]+/g, ':id')}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v2/admin/members',
        'GET /api/v2/admin/members/:id',
        'POST /api/v2/admin/accounts',
        'GET /api/v2/admin/announcements',
        'POST /api/v2/admin/announcements',
        'PUT /api/v2/admin/announcements/:id',
        'POST /api/v2/admin/announcements/:id/mail',
        'GET /api/v2/admin/audit-log',
      ]),
    );
  });

  it('answers 401 to visitors, and writes nothing (nobody to name)', async () => {
    const visitor = createBrowser(app);
    const before = (await latestAuditEntries(app))[0]?.id ?? 0;
    for (const { method, path } of adminRoutes(app)) {
      const response = await visitor.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
      expect(await response.json()).toEqual({ status: 'error', code: 'unauthorized' });
    }
    expect((await latestAuditEntries(app))[0]?.id ?? 0).toBe(before);
  });

  it('answers 403 to members, and records each refusal as denied', async () => {
    const member = await newMember(app);
    const routes = adminRoutes(app);
    for (const { method, path } of routes) {
      const response = await member.request(path, { method, json: method === 'GET' ? undefined : {} });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
      expect(await response.json()).toEqual({ status: 'error', code: 'forbidden' });
    }
    const entries = await latestAuditEntries(app, routes.length);
    expect(entries.every((entry) => entry.outcome === 'denied' && entry.errorCode === 'forbidden' && entry.actorEmail?.startsWith('member.'))).toBe(true);
  });
});

describe('admin sign-ins are recorded', () => {
  it('records a success with the address, and a wrong password as a failure', async () => {
    await adminBrowser(app);
    const ip = '203.0.113.7';
    const ok = await createBrowser(app, { ip }).post('/api/auth/signin', { email: DEMO_ADMIN.email, password: ADMIN_PASSWORD });
    expect(ok.status).toBe(200);
    const [success] = await latestAuditEntries(app, 1, 'signIn');
    expect(success).toMatchObject({ actorEmail: DEMO_ADMIN.email, outcome: 'success', ip, targetType: 'account' });

    const wrong = await createBrowser(app, { ip }).post('/api/auth/signin', { email: DEMO_ADMIN.email.toUpperCase(), password: 'wrong2026' });
    expect(wrong.status).toBe(401);
    const [failure] = await latestAuditEntries(app, 1, 'signIn');
    expect(failure).toMatchObject({ actorEmail: DEMO_ADMIN.email, outcome: 'failure', errorCode: 'invalidCredentials', ip });
  });

  it('does not record members signing in', async () => {
    const member = await newMember(app);
    const before = (await latestAuditEntries(app))[0]!.id;
    await member.post('/api/auth/signout');
    const again = createBrowser(app);
    // A member's wrong password is not an admin event either.
    await again.post('/api/auth/signin', { email: 'nobody@example.jp', password: 'wrong2026' });
    expect((await latestAuditEntries(app))[0]!.id).toBe(before);
  });
});

describe('GET /api/v2/admin/audit-log', () => {
  it('lists entries newest first, 50 a page, and records its own viewing', async () => {
    const admin = await adminBrowser(app);
    const page = await auditPage(admin);
    expect(page.pageSize).toBe(50);
    expect(page.page).toBe(1);
    expect(page.total).toBeGreaterThan(0);
    const times = page.rows.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    const [viewed] = await latestAuditEntries(app, 1);
    expect(viewed).toMatchObject({ action: 'auditLogView', outcome: 'success', actorEmail: DEMO_ADMIN.email });
  });

  it('filters by action, outcome, actor, target and Japan dates', async () => {
    const admin = await adminBrowser(app);
    const denied = await auditPage(admin, '?outcome=denied');
    expect(denied.total).toBeGreaterThan(0);
    expect(denied.rows.every((row) => row.outcome === 'denied')).toBe(true);
    const signIns = await auditPage(admin, '?action=signIn&actor=ADMIN@musio');
    expect(signIns.rows.length).toBeGreaterThan(0);
    expect(signIns.rows.every((row) => row.action === 'signIn' && row.actorEmail === DEMO_ADMIN.email)).toBe(true);
    const byTarget = await auditPage(admin, `?target=${encodeURIComponent(DEMO_ADMIN.email)}&action=signIn`);
    expect(byTarget.total).toBe(signIns.total);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect((await auditPage(admin, `?from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await auditPage(admin, '?from=2001-01-01&to=2001-01-31')).total).toBe(0);
  });

  it.each([
    ['?page=0', 'badRequest'],
    ['?page=x', 'badRequest'],
    ['?action=dropTables', 'badRequest'],
    ['?outcome=maybe', 'badRequest'],
    ['?from=2026-13-01', 'badRequest'],
    [`?actor=${'a'.repeat(255)}`, 'tooLong'],
  ])('answers 400 for %s, and records the failure', async (query, code) => {
    const admin = await adminBrowser(app);
    const response = await admin.get(`/api/v2/admin/audit-log${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', code });
    const [entry] = await latestAuditEntries(app);
    expect(entry).toMatchObject({ action: 'auditLogView', outcome: 'failure', errorCode: code });
  });
});

describe('the audit log is append-only in the database', () => {
  it.each([
    ['update', sql`update audit_log set outcome = 'success'`],
    ['delete', sql`delete from audit_log`],
    ['truncate', sql`truncate audit_log`],
  ])('refuses %s', async (_name, statement) => {
    const before = await latestAuditEntries(app, 1000);
    expect(before.length).toBeGreaterThan(0);
    await expect(app.ctx.database.db.execute(statement)).rejects.toThrow();
    expect(await latestAuditEntries(app, 1000)).toEqual(before);
  });
});

describe('withoutSecrets', () => {
  it.each([
    [{ email: 'a@example.jp', password: 'x' }, { email: 'a@example.jp' }],
    [{ nested: { token: 't', secret: 's', ok: 1 } }, { nested: { ok: 1 } }],
    [{ list: [{ passwordHash: 'h', name: 'n' }] }, { list: [{ name: 'n' }] }],
    [{ code: '123456', errorCode: 'invalidOneTimeCode' }, { errorCode: 'invalidOneTimeCode' }],
    [{ recoveryCodes: ['a'], otp: '1', card_number: '4242' }, {}],
    [{ at: new Date('2026-01-02T03:04:05Z'), missing: undefined }, { at: '2026-01-02T03:04:05.000Z' }],
    ['plain', 'plain'],
    [null, null],
  ])('%j → %j', (input, output) => {
    expect(withoutSecrets(input)).toEqual(output);
  });
});
