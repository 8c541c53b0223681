import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SupportMailReply, TicketDetail } from '../../../src/domain/support-schemas.ts';
import { createBrowser, signUpIn, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { mails, supportTickets } from '../../db/schema/index.ts';
import { stripQuotedReply } from './inbound-replies.ts';

/** A sender's answer by mail (product decision 31), through the dev mailbox's reply: the inbound adapter's path. */
const ADMIN = 'inbound.admin@example.jp';
const app = useTestApp({ env: { ADMIN_EMAILS: ADMIN, INBOUND_ADDRESS: 'support@musio.example.jp' } });

let adminBrowser: Promise<TestBrowser> | undefined;
function admin(): Promise<TestBrowser> {
  adminBrowser ??= (async () => {
    const browser = createBrowser(app);
    await signUpIn(browser, { email: ADMIN, last_name: '運営', first_name: '太郎' });
    return browser;
  })();
  return adminBrowser;
}

async function answeredTicket(): Promise<SupportMailReply & { email: string; replyMailId: string; replyTo: string }> {
  const email = uniqueEmail('replier');
  const response = await createBrowser(app).post('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email, category: 'c', title: '故障・不具合', contents: '動きません。' });
  const ticket = ((await response.json()) as { data: SupportMailReply }).data;
  expect((await (await admin()).post(`/api/v2/admin/support-tickets/${ticket.ticketId}/replies`, { body: '再起動してください。' })).status).toBe(200);
  const [reply] = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email)).then((rows) => rows.filter((row) => row.template === 'support-reply'));
  return { ...ticket, email, replyMailId: reply!.id, replyTo: reply!.headers!['Reply-To']! };
}

async function detail(id: string): Promise<TicketDetail> {
  return ((await (await (await admin()).get(`/api/v2/admin/support-tickets/${id}`)).json()) as { data: TicketDetail }).data;
}

const devReply = (mailId: string, json: object) => createBrowser(app).post(`/dev/mailbox/${mailId}/reply`, json);
const ticketCount = async () => (await app.ctx.database.db.select({ n: count() }).from(supportTickets))[0]!.n;

describe('a reply by mail', () => {
  it('carries the ticket’s token in the Reply-To of our reply', async () => {
    const ticket = await answeredTicket();
    expect(ticket.replyTo).toMatch(/^support\+[0-9a-f]{32}@musio\.example\.jp$/);
  });

  it('threads into its ticket, reopens it and restarts the clock; the quoted mail is left out', async () => {
    const ticket = await answeredTicket();
    expect((await detail(ticket.ticketId)).status).toBe('pending');
    const response = await devReply(ticket.replyMailId, { text: 'まだ動きません。\n写真を送ります。' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ kind: 'reply', outcome: 'threaded' });
    const after = await detail(ticket.ticketId);
    expect(after.status).toBe('open');
    expect(after.waitingSince).not.toBeNull();
    expect(after.messages.map((message) => [message.author, message.body, message.byMail])).toEqual([
      ['customer', '動きません。', false],
      ['staff', '再起動してください。', false],
      ['customer', 'まだ動きません。\n写真を送ります。', true],
    ]);
  });

  it('is refused from an address that is not the ticket’s sender: recorded for staff, not added', async () => {
    const ticket = await answeredTicket();
    const response = await devReply(ticket.replyMailId, { text: '私が代わりに返信します', from: 'someone.else@example.com' });
    expect(((await response.json()) as { data: unknown }).data).toEqual({ kind: 'reply', outcome: 'refused' });
    const after = await detail(ticket.ticketId);
    expect(after.messages).toHaveLength(2);
    expect(after.status).toBe('pending');
    expect(after.refusedMails).toEqual([{ id: expect.any(String), fromAddress: 'someone.else@example.com', subject: expect.stringContaining(ticket.ticketNumber), body: '私が代わりに返信します', reason: 'senderMismatch', receivedAt: expect.any(String) }]);
  });

  it('is refused with a forged token, shown on the ticket its subject names', async () => {
    const ticket = await answeredTicket();
    const { inbound } = app.ctx;
    const raw = [
      `From: ${ticket.email}`,
      'To: support+ffffffffffffffffffffffffffffffff@musio.example.jp',
      `Subject: Re: お問い合わせへのご回答（${ticket.ticketNumber}）`,
      'Message-ID: <forged-1@example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      '偽のトークン',
    ].join('\r\n');
    expect(await inbound.receive(raw)).toEqual({ kind: 'reply', outcome: 'refused' });
    const after = await detail(ticket.ticketId);
    expect(after.messages).toHaveLength(2);
    expect(after.refusedMails.map((mail) => mail.reason)).toEqual(['unknownToken']);
  });

  it('with a forged token and no ticket number is listed for staff apart from any ticket', async () => {
    const raw = ['From: someone@example.com', 'To: support+eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee@musio.example.jp', 'Subject: hello', 'Message-ID: <forged-2@example.com>', '', '番号なし'].join('\r\n');
    expect(await app.ctx.inbound.receive(raw)).toEqual({ kind: 'reply', outcome: 'refused' });
    const response = await (await admin()).get('/api/v2/admin/support-refused-mails');
    const { data } = (await response.json()) as { data: { body: string; reason: string }[] };
    expect(data).toContainEqual(expect.objectContaining({ body: '番号なし', reason: 'unknownToken' }));
    expect((await createBrowser(app).get('/api/v2/admin/support-refused-mails')).status).toBe(401);
  });

  it('is stored once when the same mail is read twice (the same Message-ID)', async () => {
    const ticket = await answeredTicket();
    const raw = [`From: ${ticket.email}`, `To: ${ticket.replyTo}`, 'Subject: Re: 回答', 'Message-ID: <twice-1@example.com>', 'Content-Type: text/plain; charset=utf-8', '', '二度読まれる返信'].join('\r\n');
    expect((await app.ctx.inbound.receive(raw)).outcome).toBe('threaded');
    expect((await app.ctx.inbound.receive(raw)).outcome).toBe('duplicate');
    expect((await detail(ticket.ticketId)).messages.filter((message) => message.byMail)).toHaveLength(1);
  });

  it('an HTML body is sanitised: no script reaches staff', async () => {
    const ticket = await answeredTicket();
    const raw = [`From: ${ticket.email}`, `To: ${ticket.replyTo}`, 'Subject: Re: 回答', 'Message-ID: <html-1@example.com>', 'Content-Type: text/html; charset=utf-8', '', '<p>直りました<script>alert(1)</script><img src=x onerror=alert(2)></p>'].join('\r\n');
    expect((await app.ctx.inbound.receive(raw)).outcome).toBe('threaded');
    expect((await detail(ticket.ticketId)).messages.at(-1)!.body).toBe('直りました');
  });

  it('mail that is not a reply never makes a ticket (spam goes nowhere)', async () => {
    const before = await ticketCount();
    const raw = ['From: spammer@spam.example', 'To: support@musio.example.jp', 'Subject: Cheap watches S-12', 'Message-ID: <spam-2@spam.example>', '', 'Buy'].join('\r\n');
    expect(await app.ctx.inbound.receive(raw)).toEqual({ kind: 'other', outcome: 'ignored' });
    const numbered = ['From: spammer@spam.example', 'To: support@musio.example.jp', 'Subject: Re: S-999999', 'Message-ID: <spam-3@spam.example>', '', 'Buy'].join('\r\n');
    expect(await app.ctx.inbound.receive(numbered)).toEqual({ kind: 'reply', outcome: 'ignored' });
    expect(await ticketCount()).toBe(before);
  });

  it('the dev reply answers 404 for an unknown mail and 400 without text', async () => {
    expect((await devReply('00000000-0000-4000-8000-000000000000', { text: 'x' })).status).toBe(404);
    const ticket = await answeredTicket();
    expect((await devReply(ticket.replyMailId, { text: '' })).status).toBe(400);
  });
});

describe('stripQuotedReply', () => {
  it.each([
    ['ありがとうございます。\n\n2026/11/26 10:00 support wrote:\n> 再起動してください。', 'ありがとうございます。'],
    ['了解です。\n> 引用', '了解です。'],
    ['Thanks\n-----Original Message-----\nFrom: us', 'Thanks'],
    ['> only a quote', '> only a quote'],
    ['wrote: is just a word here', 'wrote: is just a word here'],
  ])('%j → %j', (text, expected) => {
    expect(stripQuotedReply(text)).toBe(expected);
  });
});
