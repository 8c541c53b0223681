import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SupportMailReply, TicketDetail, TicketList } from '../../../src/domain/support-schemas.ts';
import type { CannedReply, UploadedAttachment } from '../../../src/domain/support/desk.ts';
import { createBrowser, signUpIn, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { accounts, mails, supportTickets } from '../../db/schema/index.ts';
import { sweepUnclaimedUploads } from '../uploads/pending.ts';

/** The support desk (product decision 31): assignment, notes, canned replies, files, the clock. */
const ADMIN = 'desk.admin@example.jp';
const OTHER_ADMIN = 'desk.second@example.jp';
const app = useTestApp({ env: { ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}` } });

const browsers = new Map<string, Promise<TestBrowser>>();
function signedIn(email: string, names = { last_name: '運営', first_name: '花子' }): Promise<TestBrowser> {
  let browser = browsers.get(email);
  if (!browser) {
    browser = (async () => {
      const created = createBrowser(app);
      await signUpIn(created, { email, ...names });
      return created;
    })();
    browsers.set(email, browser);
  }
  return browser;
}
const admin = () => signedIn(ADMIN);

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(browser: TestBrowser, path: string, bytes: Uint8Array, name: string): Promise<Response> {
  return browser.request(path, { method: 'POST', body: new Uint8Array(bytes), headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) } });
}

async function createTicket(overrides: Record<string, unknown> = {}, browser = createBrowser(app)): Promise<SupportMailReply & { email: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail('desk');
  const response = await browser.post('/api/v2/support-mail', {
    lastName: '山田',
    firstName: '花子',
    email,
    category: 'ロボット・アプリの使い方について',
    title: '故障・不具合',
    contents: 'ロボットが動きません。',
    ...overrides,
  });
  expect(response.status).toBe(200);
  return { ...((await response.json()) as { data: SupportMailReply }).data, email };
}

async function detail(id: string): Promise<TicketDetail> {
  const response = await (await admin()).get(`/api/v2/admin/support-tickets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TicketDetail }).data;
}

async function list(query: string, browser?: TestBrowser): Promise<TicketList> {
  const response = await (browser ?? (await admin())).get(`/api/v2/admin/support-tickets${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TicketList }).data;
}

async function accountId(email: string): Promise<string> {
  const [row] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return row!.id;
}

const put = async (id: string, json: object) => (await admin()).request(`/api/v2/admin/support-tickets/${id}`, { method: 'PUT', json });

describe('assignment', () => {
  it('assigns a ticket to a staff account; "mine" and "unassigned" list accordingly', async () => {
    const email = uniqueEmail('assign');
    const mine = await createTicket({ email });
    const nobodys = await createTicket({ email });
    await admin();
    const me = await accountId(ADMIN);
    const response = await put(mine.ticketId, { assigneeId: me });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: TicketDetail }).data.assignee).toEqual({ id: me, name: '運営 花子' });
    const q = `&q=${encodeURIComponent(email)}`;
    expect((await list(`?assignee=me${q}`)).rows.map((row) => row.id)).toEqual([mine.ticketId]);
    expect((await list(`?assignee=none${q}`)).rows.map((row) => row.id)).toEqual([nobodys.ticketId]);
    // "mine" is the signed-in staff member's: the other admin has none.
    expect((await list(`?assignee=me${q}`, await signedIn(OTHER_ADMIN))).rows).toEqual([]);
    expect((await put(mine.ticketId, { assigneeId: null })).status).toBe(200);
    expect((await detail(mine.ticketId)).assignee).toBeNull();
  });

  it('refuses a member as assignee (422) and an unknown view (400)', async () => {
    const ticket = await createTicket();
    const member = createBrowser(app);
    const { email } = await signUpIn(member);
    const response = await put(ticket.ticketId, { assigneeId: await accountId(email) });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 'error', code: 'assigneeNotStaff' });
    expect((await detail(ticket.ticketId)).assignee).toBeNull();
    expect((await (await admin()).get('/api/v2/admin/support-tickets?assignee=someone')).status).toBe(400);
    expect((await put(ticket.ticketId, {})).status).toBe(400);
  });

  it('lists the staff that can be assigned', async () => {
    await signedIn(OTHER_ADMIN, { last_name: '運営', first_name: '次郎' });
    const response = await (await admin()).get('/api/v2/admin/support-staff');
    const { data } = (await response.json()) as { data: { id: string; name: string }[] };
    expect(data.map((staff) => staff.id)).toEqual(expect.arrayContaining([await accountId(ADMIN), await accountId(OTHER_ADMIN)]));
  });
});

describe('internal notes', () => {
  it('are shown to staff, never mailed, and never in the sender’s data export', async () => {
    const member = createBrowser(app);
    const { email } = await signUpIn(member);
    const ticket = await createTicket({ email }, member);
    const mailsBefore = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email));
    const response = await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/notes`, { body: '社内メモ：返金の可能性あり' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: TicketDetail };
    expect(data.notes).toEqual([{ id: expect.any(String), staffName: '運営 花子', body: '社内メモ：返金の可能性あり', createdAt: expect.any(String) }]);
    expect(data.messages).toHaveLength(1);
    expect(await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email))).toHaveLength(mailsBefore.length);
    const exported = await member.get('/api/v2/profile/export');
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain(ticket.ticketId);
    expect(text).not.toContain('社内メモ');
    expect(text).not.toMatch(/assignee|replyToken|reply_token/);
  });

  it('refuses an empty note (400) and a ticket that does not exist (404)', async () => {
    const ticket = await createTicket();
    expect((await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/notes`, { body: '  ' })).status).toBe(400);
    expect((await (await admin()).post('/api/v2/admin/support-tickets/00000000-0000-4000-8000-000000000000/notes', { body: 'x' })).status).toBe(404);
  });
});

describe('canned replies', () => {
  it('are created, found by title or body, changed and deleted', async () => {
    const browser = await admin();
    const tag = uniqueEmail('canned').split('@')[0]!;
    const created = await browser.post('/api/v2/admin/canned-replies', { title: `再起動の案内 ${tag}`, body: '{{name}} 様\n電源ボタンを10秒押してください。' });
    expect(created.status).toBe(200);
    const reply = ((await created.json()) as { data: CannedReply }).data;
    const search = async (q: string) => ((await (await browser.get(`/api/v2/admin/canned-replies?q=${encodeURIComponent(q)}`)).json()) as { data: CannedReply[] }).data.map((row) => row.id);
    expect(await search(tag)).toEqual([reply.id]);
    expect(await search('電源ボタン')).toContain(reply.id);
    expect(await search('%')).not.toContain(reply.id);
    const changed = await browser.request(`/api/v2/admin/canned-replies/${reply.id}`, { method: 'PUT', json: { title: `返金の案内 ${tag}`, body: '{{name}} 様\n返金いたします。' } });
    expect(((await changed.json()) as { data: CannedReply }).data.title).toBe(`返金の案内 ${tag}`);
    expect((await browser.request(`/api/v2/admin/canned-replies/${reply.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await search(tag)).toEqual([]);
    expect((await browser.request(`/api/v2/admin/canned-replies/${reply.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it.each([
    [{ title: '', body: 'x' }, 'thisFieldIsRequired'],
    [{ title: 'x'.repeat(101), body: 'x' }, 'tooLong'],
    [{ title: 'x' }, 'thisFieldIsRequired'],
  ])('refuses %j with 400 %s', async (json, code) => {
    const response = await (await admin()).post('/api/v2/admin/canned-replies', json);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe(code);
  });

  it('are for staff only', async () => {
    expect((await createBrowser(app).get('/api/v2/admin/canned-replies')).status).toBe(401);
    const member = createBrowser(app);
    await signUpIn(member);
    expect((await member.post('/api/v2/admin/canned-replies', { title: 'x', body: 'y' })).status).toBe(403);
  });
});

describe('attachments', () => {
  it('the form takes a screenshot; staff see it and answer with a PDF that is mailed to the sender', async () => {
    const visitor = createBrowser(app);
    const uploaded = await upload(visitor, '/api/v2/support-mail/attachments', PNG, 'スクリーンショット.pdf');
    expect(uploaded.status).toBe(200);
    const file = ((await uploaded.json()) as { data: UploadedAttachment }).data;
    // The stored extension is the detected type's, whatever the name says.
    expect(file).toEqual({ key: expect.stringMatching(/^support\/[0-9a-f-]{36}\.png$/), name: 'スクリーンショット.pdf', contentType: 'image/png', size: PNG.byteLength });
    const ticket = await createTicket({ attachments: [{ key: file.key, name: file.name }] }, visitor);
    const [first] = (await detail(ticket.ticketId)).messages;
    expect(first!.attachments).toEqual([{ id: expect.any(String), name: 'スクリーンショット.pdf', contentType: 'image/png', size: PNG.byteLength, url: expect.stringMatching(/^\/api\/v2\/admin\/support-attachments\//) }]);
    const preview = await (await admin()).get(first!.attachments[0]!.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(PNG);
    expect((await createBrowser(app).get(first!.attachments[0]!.url)).status).toBe(401);

    const staffFile = ((await (await upload(await admin(), '/api/v2/admin/support-tickets/attachments', PDF, '手順書.pdf')).json()) as { data: UploadedAttachment }).data;
    const replied = await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/replies`, { body: '手順書をお送りします。', attachments: [{ key: staffFile.key, name: staffFile.name }] });
    expect(replied.status).toBe(200);
    const [mail] = (await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, ticket.email))).filter((row) => row.template === 'support-reply');
    expect(mail!.attachments).toEqual([{ key: staffFile.key, filename: '手順書.pdf', contentType: 'application/pdf' }]);
  });

  it.each([
    ['text', new TextEncoder().encode('<script>alert(1)</script>'), 415, 'fileTypeNotAllowed'],
    ['GIF', new TextEncoder().encode('GIF89a........'), 415, 'fileTypeNotAllowed'],
    ['11 MB', (() => {
      const big = new Uint8Array(11 * 1024 * 1024);
      big.set(PNG);
      return big;
    })(), 413, 'fileTooLarge'],
  ])('refuses a %s file with %i %s', async (_label, bytes, status, code) => {
    const response = await upload(createBrowser(app), '/api/v2/support-mail/attachments', bytes, 'file.png');
    expect(response.status).toBe(status);
    expect(((await response.json()) as { code: string }).code).toBe(code);
  });

  it('refuses a key that was never uploaded, or already belongs to another message, and keeps nothing of that inquiry', async () => {
    const email = uniqueEmail('nofile');
    const response = await createBrowser(app).post('/api/v2/support-mail', {
      lastName: '山田', firstName: '花子', email, category: 'c', title: 't', contents: '本文',
      attachments: [{ key: 'support/00000000-0000-4000-8000-000000000000.png', name: 'x.png' }],
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe('fileNotFound');
    expect(await app.ctx.database.db.select().from(supportTickets).where(eq(supportTickets.email, email))).toEqual([]);

    const file = ((await (await upload(createBrowser(app), '/api/v2/support-mail/attachments', PNG, 'a.png')).json()) as { data: UploadedAttachment }).data;
    await createTicket({ attachments: [{ key: file.key, name: 'a.png' }] });
    const again = await createBrowser(app).post('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email, category: 'c', title: 't', contents: '本文', attachments: [{ key: file.key, name: 'a.png' }] });
    expect(again.status).toBe(422);
  });
});

describe('files no message claimed', () => {
  const uploadedFile = async (browser: TestBrowser, path = '/api/v2/support-mail/attachments') =>
    ((await (await upload(browser, path, PNG, 'a.png')).json()) as { data: UploadedAttachment }).data;
  const dayLater = (hours: number) => new Date(Date.now() + hours * 60 * 60_000);

  // The hourly maintenance (purgeExpired) runs this sweep; called alone here, so no session expires with it.
  it('are deleted a day after upload; a file that went out with a message stays', async () => {
    const visitor = createBrowser(app);
    const [abandoned, staffAbandoned, sent] = [await uploadedFile(visitor), await uploadedFile(await admin(), '/api/v2/admin/support-tickets/attachments'), await uploadedFile(visitor)];
    await createTicket({ attachments: [{ key: sent.key, name: sent.name }] }, visitor);

    await sweepUnclaimedUploads(app.ctx, dayLater(23));
    expect(await app.ctx.storage.head(abandoned.key)).toBeDefined();

    expect(await sweepUnclaimedUploads(app.ctx, dayLater(25))).toBeGreaterThanOrEqual(2);
    expect(await app.ctx.storage.head(abandoned.key)).toBeUndefined();
    expect(await app.ctx.storage.head(staffAbandoned.key)).toBeUndefined();
    expect(await app.ctx.storage.head(sent.key)).toBeDefined();
    // A form sent after its file was swept is refused (nothing of it is kept), not left pointing at nothing.
    const late = await visitor.post('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email: uniqueEmail('late'), category: 'c', title: 't', contents: '本文', attachments: [{ key: abandoned.key, name: 'a.png' }] });
    expect(late.status).toBe(422);
    expect(((await late.json()) as { code: string }).code).toBe('fileNotFound');
  });

  it('a file is claimed from the waiting list: one stored outside an upload is not taken', async () => {
    const key = 'support/11111111-1111-4111-8111-111111111111.png';
    await app.ctx.storage.put(key, PNG, 'image/png');
    const response = await createBrowser(app).post('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email: uniqueEmail('planted'), category: 'c', title: 't', contents: '本文', attachments: [{ key, name: 'x.png' }] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe('fileNotFound');
  });
});

describe('the clock', () => {
  it('shows waiting since and the due date; answering stops it; "waiting" sorts the longest wait first', async () => {
    const email = uniqueEmail('clock');
    const older = await createTicket({ email });
    const newer = await createTicket({ email });
    const answered = await createTicket({ email });
    await (await admin()).post(`/api/v2/admin/support-tickets/${answered.ticketId}/replies`, { body: '回答です。' });
    const q = `&q=${encodeURIComponent(email)}`;
    const byWait = await list(`?sort=waiting${q}`);
    expect(byWait.rows.map((row) => row.id)).toEqual([older.ticketId, newer.ticketId, answered.ticketId]);
    expect(byWait.rows[2]!.waitingSince).toBeNull();
    expect(byWait.rows[2]!.clock).toBeNull();
    expect(byWait.rows[0]!.clock).toEqual({ dueDate: expect.any(String), businessDaysWaiting: 0, overdue: false });
    expect((await list(`?sort=newest${q}`)).rows.map((row) => row.id)).toEqual([answered.ticketId, newer.ticketId, older.ticketId]);
  });
});
