import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TICKETS_PAGE_SIZE, type SupportMailReply, type TicketDetail, type TicketList } from '../../../src/domain/support-schemas.ts';
import { createBrowser, signUpIn, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { mails } from '../../db/schema/index.ts';

const ADMIN = 'inbox.admin@example.jp';
const app = useTestApp({ env: { ADMIN_EMAILS: ADMIN } });

let adminBrowser: Promise<TestBrowser> | undefined;
/** One signed-in admin for the whole file (signing up costs a password hash). */
function admin(): Promise<TestBrowser> {
  adminBrowser ??= (async () => {
    const browser = createBrowser(app);
    await signUpIn(browser, { email: ADMIN, last_name: '運営', first_name: '太郎' });
    return browser;
  })();
  return adminBrowser;
}

async function createTicket(overrides: Record<string, string> = {}, browser = createBrowser(app)): Promise<SupportMailReply & { email: string }> {
  const email = overrides.email ?? uniqueEmail('asker');
  const response = await browser.post('/api/v2/support-mail', {
    lastName: '佐藤',
    firstName: '一郎',
    email,
    category: 'ロボット・アプリの使い方について',
    title: '故障・不具合',
    contents: 'ロボットの電源が入りません。',
    ...overrides,
  });
  expect(response.status).toBe(200);
  return { ...((await response.json()) as { data: SupportMailReply }).data, email };
}

async function list(query = ''): Promise<TicketList> {
  const response = await (await admin()).get(`/api/v2/admin/support-tickets${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TicketList }).data;
}

async function detail(id: string): Promise<TicketDetail> {
  const response = await (await admin()).get(`/api/v2/admin/support-tickets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TicketDetail }).data;
}

const ticketId = '00000000-0000-4000-8000-000000000000';
const adminRoutes = [
  { method: 'GET', path: '/api/v2/admin/support-tickets' },
  { method: 'GET', path: `/api/v2/admin/support-tickets/${ticketId}` },
  { method: 'PUT', path: `/api/v2/admin/support-tickets/${ticketId}`, json: { status: 'resolved' } },
  { method: 'POST', path: `/api/v2/admin/support-tickets/${ticketId}/replies`, json: { body: 'こんにちは' } },
];

describe('the inbox is for admins only', () => {
  it.each(adminRoutes)('$method $path: 401 for visitors', async ({ method, path, json }) => {
    const response = await createBrowser(app).request(path, { method, json });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 'error', code: 'unauthorized' });
  });

  it.each(adminRoutes)('$method $path: 403 for members', async ({ method, path, json }) => {
    const member = createBrowser(app);
    await signUpIn(member);
    const response = await member.request(path, { method, json });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 'error', code: 'forbidden' });
  });

  it('answers 404 for a ticket that does not exist and 400 for an id that is not one', async () => {
    const browser = await admin();
    expect((await browser.get(`/api/v2/admin/support-tickets/${ticketId}`)).status).toBe(404);
    expect((await browser.request(`/api/v2/admin/support-tickets/${ticketId}`, { method: 'PUT', json: { status: 'resolved' } })).status).toBe(404);
    expect((await browser.post(`/api/v2/admin/support-tickets/${ticketId}/replies`, { body: 'x' })).status).toBe(404);
    expect((await browser.get('/api/v2/admin/support-tickets/1 or 1=1')).status).toBe(400);
  });
});

describe('listing and finding tickets', () => {
  it('lists newest first, with the counts per status, and finds tickets by part of the email or by number', async () => {
    const tag = uniqueEmail('tag').split('@')[0]!;
    const first = await createTicket({ email: `${tag}.a@example.jp` });
    const second = await createTicket({ email: `${tag}.b@example.jp` });
    const found = await list(`?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(found.rows.map((row) => row.id)).toEqual([second.ticketId, first.ticketId]);
    expect(found.total).toBe(2);
    expect(found.counts).toEqual({ open: 2, pending: 0, resolved: 0 });
    expect(found.rows[1]).toEqual({
      id: first.ticketId,
      number: first.ticketNumber,
      status: 'open',
      category: 'ロボット・アプリの使い方について',
      title: '故障・不具合',
      lastName: '佐藤',
      firstName: '一郎',
      email: first.email,
      accountId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      assignee: null,
      waitingSince: expect.any(String),
      clock: { dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), businessDaysWaiting: 0, overdue: false },
    });
    const byNumber = await list(`?q=${first.ticketNumber.toLowerCase()}`);
    expect(byNumber.rows.map((row) => row.id)).toEqual([first.ticketId]);
  });

  it('filters by status and keeps the counts of every status', async () => {
    const email = uniqueEmail('status');
    const open = await createTicket({ email });
    const resolved = await createTicket({ email });
    const put = await (await admin()).request(`/api/v2/admin/support-tickets/${resolved.ticketId}`, { method: 'PUT', json: { status: 'resolved' } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { data: TicketDetail }).data.status).toBe('resolved');
    const onlyResolved = await list(`?status=resolved&q=${encodeURIComponent(email)}`);
    expect(onlyResolved.rows.map((row) => row.id)).toEqual([resolved.ticketId]);
    expect(onlyResolved.counts).toEqual({ open: 1, pending: 0, resolved: 1 });
    const onlyOpen = await list(`?status=open&q=${encodeURIComponent(email)}`);
    expect(onlyOpen.rows.map((row) => row.id)).toEqual([open.ticketId]);
  });

  it("lists a member's tickets by account", async () => {
    const member = createBrowser(app);
    const { email } = await signUpIn(member);
    const mine = await createTicket({ email: uniqueEmail('other-address') }, member);
    await createTicket({ email });
    const ticket = await detail(mine.ticketId);
    expect(ticket.accountId).not.toBeNull();
    const byAccount = await list(`?accountId=${ticket.accountId!.toUpperCase()}`);
    expect(byAccount.rows.map((row) => row.id)).toEqual([mine.ticketId]);
  });

  it('pages by 20, treating wildcards in the search as text', async () => {
    const tag = uniqueEmail('page').split('@')[0]!;
    for (let i = 0; i < TICKETS_PAGE_SIZE + 1; i += 1) await createTicket({ email: `${tag}.${i}@example.jp` }, createBrowser(app));
    const page1 = await list(`?q=${tag}`);
    const page2 = await list(`?q=${tag}&page=2`);
    expect(page1.rows).toHaveLength(TICKETS_PAGE_SIZE);
    expect(page2.rows).toHaveLength(1);
    expect(page1.total).toBe(TICKETS_PAGE_SIZE + 1);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
  });

  it.each([['?status=closed'], ['?page=0'], ['?page=abc'], ['?accountId=nope']])('refuses a bad query %s with 400', async (query) => {
    expect((await (await admin()).get(`/api/v2/admin/support-tickets${query}`)).status).toBe(400);
  });
});

describe('answering a ticket', () => {
  it('stores the reply, mails it to the sender through the outbox, and marks the ticket pending', async () => {
    const ticket = await createTicket();
    const response = await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/replies`, { body: '  お問い合わせありがとうございます。\r\n電源ボタンを10秒押してください。  ' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: TicketDetail };
    expect(data.status).toBe('pending');
    expect(data.messages).toEqual([
      { id: expect.any(String), author: 'customer', staffName: null, body: 'ロボットの電源が入りません。', createdAt: expect.any(String), mailStatus: null, byMail: false, attachments: [] },
      { id: expect.any(String), author: 'staff', staffName: '運営 太郎', body: 'お問い合わせありがとうございます。\n電源ボタンを10秒押してください。', createdAt: expect.any(String), mailStatus: 'queued', byMail: false, attachments: [] },
    ]);
    const sent = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, ticket.email));
    const reply = sent.find((mail) => mail.template === 'support-reply');
    expect(reply!.subject).toBe(`【Musio English】お問い合わせへのご回答（${ticket.ticketNumber}）`);
    expect(reply!.text).toContain('佐藤 一郎 様');
    expect(reply!.text).toContain('電源ボタンを10秒押してください。');
    expect(reply!.text).toContain('http://localhost:4321/support');
    expect(reply!.text).not.toMatch(/配信停止/);
  });

  it('can resolve the ticket with the reply', async () => {
    const ticket = await createTicket();
    const response = await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/replies`, { body: '解決しました。', status: 'resolved' });
    expect(((await response.json()) as { data: TicketDetail }).data.status).toBe('resolved');
  });

  it.each([
    [{ body: '' }, 'thisFieldIsRequired'],
    [{ body: ' \n ' }, 'thisFieldIsRequired'],
    [{ body: 'x', status: 'closed' }, 'badRequest'],
  ])('refuses %j with 400 %s and mails nothing', async (body, code) => {
    const ticket = await createTicket();
    const response = await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/replies`, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe(code);
    expect((await detail(ticket.ticketId)).messages).toHaveLength(1);
    const sent = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, ticket.email));
    expect(sent.map((mail) => mail.template)).toEqual(['support-receipt']);
  });

  it('refuses an unknown status change with 400', async () => {
    const ticket = await createTicket();
    const response = await (await admin()).request(`/api/v2/admin/support-tickets/${ticket.ticketId}`, { method: 'PUT', json: { status: 'closed' } });
    expect(response.status).toBe(400);
    expect((await detail(ticket.ticketId)).status).toBe('open');
  });
});
