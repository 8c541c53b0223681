import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedAccount } from '../../../src/domain/admin/accounts.ts';
import type { MemberDetail, MemberRow } from '../../../src/domain/admin/members.ts';
import type { Page } from '../../../src/domain/admin/paging.ts';
import { seedAccounts } from '../../db/seed.ts';
import { accounts } from '../../db/schema/index.ts';
import { moveClock } from '../../../tests/support/billing.ts';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import { createBrowser, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

const newAccount = { lastName: '佐藤', firstName: '一郎', birthday: '2012-04', password: 'eigo2026', stage: 'test' };

async function createAccount(admin: TestBrowser, change: Record<string, unknown> = {}) {
  return admin.post('/api/v2/admin/accounts', { ...newAccount, email: uniqueEmail('created'), ...change });
}

async function search(admin: TestBrowser, query: string): Promise<Page<MemberRow>> {
  const response = await admin.get(`/api/v2/admin/members${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Page<MemberRow> }).data;
}

/** Marks a member's (only) subscription shipped today, as staff do from the member's page. */
async function ship(admin: TestBrowser, accountId: string) {
  const detail = ((await (await admin.get(`/api/v2/admin/members/${accountId}`)).json()) as { data: MemberDetail }).data;
  const response = await admin.post(`/api/v2/admin/subscriptions/${detail.subscriptions[0]!.id}/shipped`, { shippedOn: detail.today });
  expect(response.status).toBe(200);
}

/** A member with a completed order (address, card, order), as the seed makes them. */
async function orderedMember(lastName: string, firstName: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('ordered');
  await seedAccounts(app.ctx, [{ email, password: 'eigo2026', lastName, firstName, birthday: '201001', signedUp: { romanizedLastName: 'Suzuki', romanizedFirstName: 'Jiro' } }]);
  const [account] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return { id: account!.id, email };
}

describe('POST /api/v2/admin/accounts (Add Account)', () => {
  it('creates a test account by default stage, and a live one when unchecked', async () => {
    const admin = await adminBrowser(app);
    const testEmail = uniqueEmail('test-account');
    const created = await createAccount(admin, { email: testEmail.toUpperCase() });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { status: string; data: CreatedAccount };
    expect(body).toEqual({ status: 'success', data: { id: expect.any(String), email: testEmail, isTest: true } });
    const live = await createAccount(admin, { stage: 'live' });
    expect(((await live.json()) as { data: CreatedAccount }).data.isTest).toBe(false);

    const [row] = await app.ctx.database.db.select().from(accounts).where(eq(accounts.id, body.data.id));
    expect(row).toMatchObject({ email: testEmail, lastName: '佐藤', firstName: '一郎', birthday: '201204', isTest: true, role: 'member', eventMail: false });
    // The new account signs in with the password the admin set.
    const signIn = await createBrowser(app).post('/api/auth/signin', { email: testEmail, password: 'eigo2026' });
    expect(signIn.status).toBe(200);
  });

  it('records the creation without the password', async () => {
    const admin = await adminBrowser(app);
    const response = await createAccount(admin);
    const { data } = (await response.json()) as { data: CreatedAccount };
    const [entry] = await latestAuditEntries(app, 1, 'accountCreate');
    expect(entry).toMatchObject({ outcome: 'success', targetType: 'account', targetId: data.id, targetLabel: data.email });
    expect(entry!.after).toEqual({ email: data.email, lastName: '佐藤', firstName: '一郎', birthday: '201204', stage: 'test' });
    expect(JSON.stringify(entry)).not.toContain('eigo2026');
  });

  it('answers 409 emailTaken for an address in use, and records the failure', async () => {
    const admin = await adminBrowser(app);
    const email = uniqueEmail('twice');
    expect((await createAccount(admin, { email })).status).toBe(200);
    const again = await createAccount(admin, { email });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 'emailTaken' });
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'accountCreate', outcome: 'failure', errorCode: 'emailTaken' });
  });

  it.each([
    ['lastName', 'empty', { lastName: '' }, 'thisFieldIsRequired'],
    ['firstName', 'missing', { firstName: undefined }, 'thisFieldIsRequired'],
    ['email', 'missing', { email: '' }, 'thisEmailFieldIsRequired'],
    ['email', 'no domain dot', { email: 'hanako@example' }, 'invalidEmail'],
    ['password', 'short', { password: 'abc' }, 'passwordMinLength'],
    ['password', 'symbols', { password: 'eigo-2026' }, 'invalidPassword'],
    ['birthday', 'five characters', { birthday: '20124' }, 'invalidBirthday'],
    ['birthday', 'month 13', { birthday: '2012-13' }, 'invalidBirthday'],
    ['birthday', 'empty', { birthday: '' }, 'invalidBirthday'],
    ['stage', 'unknown', { stage: 'staging' }, 'badRequest'],
  ])('answers 400 naming %s (%s)', async (path, _case, change, code) => {
    const admin = await adminBrowser(app);
    const response = await createAccount(admin, change);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', code });
    expect(body.issues).toEqual([{ path, code }]);
  });
});

describe('GET /api/v2/admin/members', () => {
  it('finds members by part of the email, or by name with or without the space, and marks test accounts', async () => {
    const admin = await adminBrowser(app);
    const tag = uniqueEmail('findme').split('@')[0]!;
    await createAccount(admin, { email: `${tag}@example.jp`, lastName: '高橋', firstName: '美咲' });
    const byEmail = await search(admin, `?q=${tag.toUpperCase()}`);
    expect(byEmail.rows).toEqual([
      { id: expect.any(String), email: `${tag}@example.jp`, name: '高橋 美咲', plans: [], status: 'noPlan', createdAt: expect.any(String), isTest: true, role: 'member' },
    ]);
    for (const q of ['高橋 美咲', '高橋美咲', '高橋　美咲', '美咲']) {
      const found = await search(admin, `?q=${encodeURIComponent(q)}`);
      expect({ q, emails: found.rows.map((row) => row.email) }).toEqual({ q, emails: expect.arrayContaining([`${tag}@example.jp`]) });
    }
    expect((await search(admin, `?q=${encodeURIComponent('%')}`)).total).toBe(0);
    const [entry] = await latestAuditEntries(app, 1, 'memberSearch');
    expect(entry!.after).toEqual({ query: { q: '%', status: '', page: 1 } });
  });

  it('filters by plan status (the subscriptions)', async () => {
    const admin = await adminBrowser(app);
    const waiting = await orderedMember('鈴木', '次郎');
    const trialing = await orderedMember('鈴木', '三郎');
    const active = await orderedMember('鈴木', '四郎');
    // Shipped, and eight days later the trial has ended and the first period is paid.
    await ship(admin, active.id);
    await moveClock(app, { advanceDays: 8 });
    await ship(admin, trialing.id);
    const noPlan = (await (await createAccount(admin, { lastName: '鈴木', firstName: '五郎' })).json()) as { data: CreatedAccount };

    const statusOf = async (status: string) => (await search(admin, `?q=${encodeURIComponent('鈴木')}&status=${status}`)).rows.map((row) => row.id);
    expect(await statusOf('awaitingShipment')).toEqual(expect.arrayContaining([waiting.id]));
    expect(await statusOf('awaitingShipment')).not.toContain(trialing.id);
    expect(await statusOf('trialing')).toEqual([trialing.id]);
    expect(await statusOf('active')).toEqual([active.id]);
    expect(await statusOf('noPlan')).toEqual(expect.arrayContaining([noPlan.data.id]));
    expect(await statusOf('noPlan')).not.toContain(waiting.id);
    expect(await statusOf('ended')).toEqual([]);

    const row = (await search(admin, `?q=${encodeURIComponent(waiting.email)}`)).rows[0]!;
    expect(row).toMatchObject({ status: 'awaitingShipment', isTest: false, plans: [{ kind: 'normal', planName: expect.any(String), status: 'awaitingShipment' }] });
  });

  it('pages 20 at a time, newest first', async () => {
    const admin = await adminBrowser(app);
    const tag = uniqueEmail('paged').split('@')[0]!;
    for (let i = 0; i < 22; i += 1) await createAccount(admin, { email: `${tag}.${String(i).padStart(2, '0')}@example.jp` });
    const first = await search(admin, `?q=${tag}`);
    const second = await search(admin, `?q=${tag}&page=2`);
    expect({ total: first.total, pageSize: first.pageSize, first: first.rows.length, second: second.rows.length, page: second.page }).toEqual({
      total: 22,
      pageSize: 20,
      first: 20,
      second: 2,
      page: 2,
    });
    expect(first.rows[0]!.email).toBe(`${tag}.21@example.jp`);
    expect(second.rows.map((row) => row.email)).toEqual([`${tag}.01@example.jp`, `${tag}.00@example.jp`]);
  });

  it.each([
    ['?status=paused', 'badRequest'],
    ['?page=0', 'badRequest'],
    [`?q=${'a'.repeat(101)}`, 'tooLong'],
  ])('answers 400 for %s', async (query, code) => {
    const admin = await adminBrowser(app);
    const response = await admin.get(`/api/v2/admin/members${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });
});

describe('GET /api/v2/admin/members/{id}', () => {
  it('shows profile, plans, mails sent and audit entries, and records the viewing', async () => {
    const admin = await adminBrowser(app);
    const member = await orderedMember('田中', '花');
    const response = await admin.get(`/api/v2/admin/members/${member.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: MemberDetail };
    expect(data.profile).toMatchObject({
      id: member.id,
      email: member.email,
      lastName: '田中',
      firstName: '花',
      birthday: '201001',
      isTest: false,
      eventMail: false,
      consentHistory: [],
      address: { zip: '150-0002', prefecture: '東京都', city: '渋谷区', line: '渋谷2-14-8', building: null, phone: '03-1234-5678', name: '田中 花' },
      card: { brand: 'visa', last4: '4242', exp: expect.stringMatching(/^12\/\d\d$/) },
    });
    expect(data.profile.signedUpAt).not.toBeNull();
    expect(data.orders).toEqual([expect.objectContaining({ kind: 'normal', status: 'completed' })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ kind: 'normal', status: 'awaitingShipment', shippedOn: null, hasDevice: true, lessonAccountId: expect.any(String) })]);
    expect(data.billing).toEqual([]);
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.mails.map((mail) => mail.template)).toContain('order-confirmation');
    expect(data.audit).toEqual([]);
    const [entry] = await latestAuditEntries(app);
    expect(entry).toMatchObject({ action: 'memberView', targetType: 'account', targetId: member.id, targetLabel: member.email });

    // Its own page now lists that viewing among its audit entries.
    const again = ((await (await admin.get(`/api/v2/admin/members/${member.id}`)).json()) as { data: MemberDetail }).data;
    expect(again.audit.map((row) => row.action)).toEqual(['memberView']);
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const admin = await adminBrowser(app);
    const unknown = await admin.get('/api/v2/admin/members/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'memberView', outcome: 'failure', errorCode: 'notFound' });
    expect((await admin.get('/api/v2/admin/members/nope')).status).toBe(400);
  });
});
