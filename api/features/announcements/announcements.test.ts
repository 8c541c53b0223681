import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminAnnouncement, MemberAnnouncement } from '../../../src/domain/admin/announcements.ts';
import { accounts, announcementDeliveries, mails } from '../../db/schema/index.ts';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import { newMember } from '../../../tests/support/factories.ts';
import { createBrowser, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { setEventMailConsent } from '../consent/service.ts';
import { recordBounce } from '../suppressions/service.ts';
import { ANNOUNCEMENT_MAIL_BATCH, deliverAnnouncementMail } from './service.ts';

const app = useTestApp({ jobs: true });

const payload = { title: '夏のキャンペーンのお知らせ', description: '7月31日まで、教材が10%引きです。\n\nくわしくはマイページをご覧ください。', is_visible: 'True', need_send_mail: 'True' };

async function create(admin: TestBrowser, change: Record<string, unknown> = {}): Promise<AdminAnnouncement> {
  const response = await admin.post('/api/v2/admin/announcements', { ...payload, title: `${payload.title} ${uniqueEmail('t')}`, ...change });
  expect(response.status).toBe(200);
  const list = ((await response.json()) as { data: AdminAnnouncement[] }).data;
  return list[0]!;
}

const put = (admin: TestBrowser, id: number | string, json: unknown) => admin.request(`/api/v2/admin/announcements/${id}`, { method: 'PUT', json });
const sendMail = (admin: TestBrowser, id: number | string) => admin.post(`/api/v2/admin/announcements/${id}/mail`);

/** A member who accepts event mail, or not. */
async function memberWithConsent(granted: boolean): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(granted ? 'consenting' : 'declining');
  await newMember(app, { email });
  const [account] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (granted) await setEventMailConsent(app.ctx, { accountId: account!.id, granted: true, source: 'profile' });
  return { email, id: account!.id };
}

const mailsTo = (email: string) => app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email));

describe('creating and listing (spec §2, §9)', () => {
  it('creates, answers the updated list sorted by id descending, and records the entry', async () => {
    const admin = await adminBrowser(app);
    const first = await create(admin, { is_visible: true, need_send_mail: false });
    const second = await create(admin, { is_visible: 'False' });
    expect(second.id).toBeGreaterThan(first.id);
    const response = await admin.get('/api/v2/admin/announcements');
    const list = ((await response.json()) as { data: AdminAnnouncement[] }).data;
    expect(list.map((row) => row.id)).toEqual([...list.map((row) => row.id)].sort((a, b) => b - a));
    expect(list.find((row) => row.id === first.id)).toEqual({
      id: first.id,
      title: first.title,
      description: payload.description,
      is_visible: true,
      need_send_mail: false,
      is_mail_sent: false,
      mail_sent_date: null,
      mail_recipients: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(second).toMatchObject({ is_visible: false, need_send_mail: true });
    const [listed, created] = await latestAuditEntries(app, 2);
    expect(listed).toMatchObject({ action: 'announcementList', outcome: 'success' });
    expect(created).toMatchObject({ action: 'announcementCreate', targetType: 'announcement', targetId: String(second.id), targetLabel: second.title });
    expect(created!.after).toMatchObject({ id: second.id, is_visible: false });
  });

  it.each([
    ['title', 'empty', { title: '' }, 'thisFieldIsRequired'],
    ['title', 'blank', { title: '   ' }, 'thisFieldIsRequired'],
    ['title', '201 characters', { title: 'a'.repeat(201) }, 'tooLong'],
    ['description', 'missing', { description: undefined }, 'thisFieldIsRequired'],
    ['description', '10,001 characters', { description: 'a'.repeat(10_001) }, 'tooLong'],
    ['is_visible', 'missing', { is_visible: undefined }, 'thisFieldIsRequired'],
    ['is_visible', '"yes"', { is_visible: 'yes' }, 'thisFieldIsRequired'],
    ['need_send_mail', 'null', { need_send_mail: null }, 'thisFieldIsRequired'],
  ])('answers 400 naming %s (%s), and records the failure', async (path, _case, change, code) => {
    const admin = await adminBrowser(app);
    const response = await admin.post('/api/v2/admin/announcements', { ...payload, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', code });
    expect(body.issues).toEqual([{ path, code }]);
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'announcementCreate', outcome: 'failure', errorCode: code });
  });
});

describe('editing (spec §4)', () => {
  it('updates, keeps the id, and records before and after', async () => {
    const admin = await adminBrowser(app);
    const row = await create(admin, { need_send_mail: 'False' });
    const response = await put(admin, row.id, { ...payload, title: '改訂版', is_visible: 'False', need_send_mail: 'True', id: row.id });
    expect(response.status).toBe(200);
    const updated = ((await response.json()) as { data: AdminAnnouncement[] }).data.find((item) => item.id === row.id)!;
    expect(updated).toMatchObject({ title: '改訂版', is_visible: false, need_send_mail: true, created_at: row.created_at });
    const [entry] = await latestAuditEntries(app);
    expect(entry).toMatchObject({ action: 'announcementUpdate', targetId: String(row.id), targetLabel: '改訂版' });
    expect(entry!.before).toMatchObject({ title: row.title, need_send_mail: false });
    expect(entry!.after).toMatchObject({ title: '改訂版', need_send_mail: true });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await adminBrowser(app);
    expect((await put(admin, 999_999, payload)).status).toBe(404);
    const malformed = await put(admin, 'abc', payload);
    expect(malformed.status).toBe(400);
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'announcementUpdate', outcome: 'failure', errorCode: 'badRequest' });
  });

  it('keeps the mail choice once the mail is sent (409), but lets the rest change', async () => {
    const admin = await adminBrowser(app);
    const row = await create(admin);
    expect((await sendMail(admin, row.id)).status).toBe(200);
    const refused = await put(admin, row.id, { ...payload, need_send_mail: 'False' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ status: 'error', code: 'announcementMailAlreadySent' });
    const allowed = await put(admin, row.id, { ...payload, title: '訂正', need_send_mail: 'True' });
    expect(allowed.status).toBe(200);
  });
});

describe('GET /api/v2/announcements (members)', () => {
  it('shows only visible announcements, newest first, without the admin fields', async () => {
    const admin = await adminBrowser(app);
    const shown = await create(admin, { is_visible: 'True', need_send_mail: 'False' });
    const hidden = await create(admin, { is_visible: 'False', need_send_mail: 'False' });
    const member = await newMember(app);
    const response = await member.get('/api/v2/announcements');
    expect(response.status).toBe(200);
    const list = ((await response.json()) as { data: MemberAnnouncement[] }).data;
    expect(list.map((item) => item.id)).toContain(shown.id);
    expect(list.map((item) => item.id)).not.toContain(hidden.id);
    expect(list.map((item) => item.id)).toEqual([...list.map((item) => item.id)].sort((a, b) => b - a));
    expect(Object.keys(list[0]!).sort()).toEqual(['created_at', 'description', 'id', 'title', 'updated_at']);
  });

  it('needs sign-in', async () => {
    expect((await createBrowser(app).get('/api/v2/announcements')).status).toBe(401);
  });
});

describe('POST /api/v2/admin/announcements/{id}/mail (product decision 19)', () => {
  it('mails members who accept event mail, once each, and nobody else', async () => {
    const admin = await adminBrowser(app);
    const yes = await memberWithConsent(true);
    const no = await memberWithConsent(false);
    const withdrawn = await memberWithConsent(true);
    await setEventMailConsent(app.ctx, { accountId: withdrawn.id, granted: false, source: 'unsubscribe' });
    const row = await create(admin);

    const response = await sendMail(admin, row.id);
    expect(response.status).toBe(200);
    const listed = ((await response.json()) as { data: AdminAnnouncement[] }).data.find((item) => item.id === row.id)!;
    expect(listed).toMatchObject({ is_mail_sent: true, mail_sent_date: expect.any(String) });

    // (Announcements sent by the tests before may reach this member too: they consent.)
    const ofThis = async (email: string) => (await mailsTo(email)).filter((item) => item.template === 'announcement' && item.subject.includes(row.title));
    const mail = await waitFor(async () => (await ofThis(yes.email)).find((item) => item.status !== 'queued'));
    expect(mail.subject).toBe(`【Musio English】${row.title}`);
    expect(mail.text).toContain('7月31日まで、教材が10%引きです。');
    expect(mail.text).toContain('http://localhost:4321/mypage');
    expect(await mailsTo(no.email)).toEqual([]);
    expect(await mailsTo(withdrawn.email)).toEqual([]);

    // A second click: 409, and still one mail each.
    const again = await sendMail(admin, row.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 'announcementMailAlreadySent' });
    // Running the job again (a retry) sends nobody a second copy.
    await deliverAnnouncementMail(app.ctx, row.id);
    expect(await ofThis(yes.email)).toHaveLength(1);

    const count = await waitFor(async () => {
      const list = ((await (await admin.get('/api/v2/admin/announcements')).json()) as { data: AdminAnnouncement[] }).data;
      return list.find((item) => item.id === row.id)?.mail_recipients ?? undefined;
    });
    const deliveries = await app.ctx.database.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, row.id));
    expect(count).toBe(deliveries.length);
    expect(deliveries.map((delivery) => delivery.accountId)).toContain(yes.id);

    const entries = await latestAuditEntries(app, 20, 'announcementMail');
    expect(entries.map((entry) => entry.outcome)).toEqual(expect.arrayContaining(['success', 'failure']));
    expect(entries.find((entry) => entry.outcome === 'success')).toMatchObject({ targetId: String(row.id), targetLabel: row.title });
  });

  it('sends in batches until every consenting member has it, once, even with two runs at the same time', async () => {
    const admin = await adminBrowser(app);
    for (let i = 0; i < 5; i += 1) await memberWithConsent(true);
    const consenting = await app.ctx.database.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(eq(accounts.eventMail, true));
    expect(consenting.length).toBeGreaterThan(5);
    const row = await create(admin);
    expect((await sendMail(admin, row.id)).status).toBe(200);
    // The queued job runs meanwhile; a second run, in batches of two, races it.
    expect(await deliverAnnouncementMail(app.ctx, row.id, { batchSize: 2 })).toBeLessThanOrEqual(consenting.length);
    const deliveries = await waitFor(async () => {
      const rows = await app.ctx.database.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, row.id));
      return rows.length === consenting.length ? rows : undefined;
    });
    expect(new Set(deliveries.map((delivery) => delivery.accountId))).toEqual(new Set(consenting.map((account) => account.id)));
    for (const account of consenting) {
      const received = (await mailsTo(account.email)).filter((item) => item.subject.includes(row.title));
      expect({ email: account.email, count: received.length }).toEqual({ email: account.email, count: 1 });
    }
    expect(ANNOUNCEMENT_MAIL_BATCH).toBe(200);
  });

  it('a consenting member whose address is suppressed gets nothing, and the fan-out still ends (product decision 34)', async () => {
    const admin = await adminBrowser(app);
    const bounced = await memberWithConsent(true);
    const other = await memberWithConsent(true);
    expect((await recordBounce(app.ctx, { address: bounced.email, kind: 'hard', source: 'dsn' })).suppressed).toBe(true);
    const row = await create(admin);
    expect((await sendMail(admin, row.id)).status).toBe(200);
    // Batches of one: a suppressed candidate picked again and again would never let this return.
    let timer: NodeJS.Timeout | undefined;
    const stillRunning = new Promise((resolve) => (timer = setTimeout(() => resolve('still running'), 20_000)));
    const finished = await Promise.race([deliverAnnouncementMail(app.ctx, row.id, { batchSize: 1 }).then(() => 'finished'), stillRunning]);
    clearTimeout(timer);
    expect(finished).toBe('finished');
    const ofThis = async (email: string) => (await mailsTo(email)).filter((item) => item.subject.includes(row.title));
    expect(await ofThis(bounced.email)).toEqual([]);
    expect(await waitFor(async () => (await ofThis(other.email))[0])).toBeDefined();
  });

  it('refuses a row that does not need mail (422) and an unknown one (404)', async () => {
    const admin = await adminBrowser(app);
    const row = await create(admin, { need_send_mail: 'False' });
    const refused = await sendMail(admin, row.id);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ status: 'error', code: 'announcementMailNotNeeded' });
    expect((await sendMail(admin, 999_999)).status).toBe(404);
  });
});
