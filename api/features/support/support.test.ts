import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_CONTENTS, type SupportMailReply } from '../../../src/domain/support-schemas.ts';
import { createBrowser, signUpIn, uniqueEmail } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { rateLimitRules } from '../../lib/rate-limit.ts';
import { mails, supportMessages, supportTickets } from '../../db/schema/index.ts';

const app = useTestApp();

const SUPPORT_ADDRESS = 'support@musio-english.example';

function inquiry(overrides: Record<string, unknown> = {}) {
  return {
    lastName: '山田',
    firstName: '花子',
    email: uniqueEmail('visitor'),
    category: 'お支払いについて',
    title: '請求内容の確認',
    contents: '今月の請求額を確認したいです。\r\nよろしくお願いします。',
    ...overrides,
  };
}

async function send(body: Record<string, unknown>, options: { ip?: string } = {}) {
  return createBrowser(app, options).post('/api/v2/support-mail', body);
}

async function mailsTo(to: string) {
  return app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, to));
}

async function ticketsOf(email: string) {
  return app.ctx.database.db.select().from(supportTickets).where(eq(supportTickets.email, email));
}

describe('POST /api/v2/support-mail', () => {
  it('stores a ticket with the message and answers its id and number', async () => {
    const body = inquiry({ email: `  Hanako.${Date.now()}@Example.JP ` });
    const response = await send(body);
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { status: string; data: SupportMailReply };
    expect(reply).toEqual({ status: 'success', data: { ticketId: expect.stringMatching(/^[0-9a-f-]{36}$/), ticketNumber: expect.stringMatching(/^S-\d{6}$/) } });

    const email = (body.email as string).trim().toLowerCase();
    const [ticket] = await ticketsOf(email);
    expect(ticket).toMatchObject({ id: reply.data.ticketId, lastName: '山田', firstName: '花子', category: 'お支払いについて', title: '請求内容の確認', status: 'open', accountId: null });
    const messages = await app.ctx.database.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticket!.id));
    expect(messages).toEqual([expect.objectContaining({ author: 'customer', body: '今月の請求額を確認したいです。\nよろしくお願いします。', staffAccountId: null, mailId: null })]);
  });

  it('queues one mail to the support address and one receipt to the sender, without an unsubscribe link', async () => {
    const body = inquiry();
    const reply = (await (await send(body)).json()) as { data: SupportMailReply };
    const [receipt, ...moreReceipts] = await mailsTo(body.email as string);
    expect(moreReceipts).toEqual([]);
    expect(receipt).toMatchObject({ template: 'support-receipt', status: 'queued' });
    expect(receipt!.subject).toBe(`【Musio English】お問い合わせを受け付けました（${reply.data.ticketNumber}）`);
    expect(receipt!.text).toContain('山田 花子 様');
    expect(receipt!.text).toContain('今月の請求額を確認したいです。');
    expect(receipt!.text).toContain('平日 11:00〜19:00（土日祝日を除く）');
    expect(receipt!.text).toContain('2〜3営業日以内');

    const toSupport = (await mailsTo(SUPPORT_ADDRESS)).filter((mail) => mail.subject.includes(reply.data.ticketNumber));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]).toMatchObject({ template: 'support-inquiry' });
    expect(toSupport[0]!.text).toContain(body.email as string);
    expect(toSupport[0]!.text).toContain(`/admin/support?ticket=${reply.data.ticketId}`);
    for (const mail of [receipt!, toSupport[0]!]) {
      expect(mail.text).not.toMatch(/配信停止|unsubscribe/i);
      expect(mail.html).not.toMatch(/unsubscribe/i);
    }
  });

  it('links the ticket to the signed-in member', async () => {
    const browser = createBrowser(app);
    const member = await signUpIn(browser);
    const response = await browser.post('/api/v2/support-mail', inquiry({ email: member.email }));
    expect(response.status).toBe(200);
    const [ticket] = await ticketsOf(member.email);
    expect(ticket!.accountId).not.toBeNull();
    expect((await mailsTo(SUPPORT_ADDRESS)).find((mail) => mail.text.includes(member.email))!.text).toContain('ログイン中の会員から');
  });

  const tooLong = 'あ'.repeat(MAX_CONTENTS + 1);
  it.each([
    ['lastName', { lastName: '' }, 'thisFieldIsRequired'],
    ['lastName', { lastName: '   ' }, 'thisFieldIsRequired'],
    ['lastName', { lastName: 'あ'.repeat(51) }, 'tooLong'],
    ['firstName', { firstName: undefined }, 'thisFieldIsRequired'],
    ['email', { email: '' }, 'thisFieldIsRequired'],
    ['email', { email: 'hanako@example' }, 'invalidSupportEmail'],
    ['email', { email: 'hanako example.jp' }, 'invalidSupportEmail'],
    ['category', { category: '' }, 'thisFieldIsRequired'],
    ['category', { category: 42 }, 'thisFieldIsRequired'],
    ['title', { title: undefined }, 'thisFieldIsRequired'],
    ['contents', { contents: '\n \n' }, 'thisFieldIsRequired'],
    ['contents', { contents: tooLong }, 'supportContentsTooLong'],
  ])('refuses a bad %s with 400 and the code of that field (%j)', async (path, change, code) => {
    const body = inquiry(change);
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code, issues: [{ path, code }] });
    expect(await mailsTo(body.email as string)).toEqual([]);
  });

  it('names every missing field at once', async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    const { issues } = (await response.json()) as { issues: { path: string; code: string }[] };
    expect(issues.map((issue) => issue.path).sort()).toEqual(['category', 'contents', 'email', 'firstName', 'lastName', 'title']);
    expect(new Set(issues.map((issue) => issue.code))).toEqual(new Set(['thisFieldIsRequired']));
  });

  it('accepts the form encoding too', async () => {
    const body = inquiry();
    const response = await createBrowser(app).request('/api/v2/support-mail', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body as Record<string, string>).toString(),
    });
    expect(response.status).toBe(200);
    expect(await ticketsOf(body.email as string)).toHaveLength(1);
  });

  it('refuses a filled honeypot: nothing stored, nothing mailed, nothing counted', async () => {
    const ip = '10.250.0.1';
    const body = inquiry({ website: 'https://spam.example' });
    const response = await send(body, { ip });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'badRequest' });
    expect(await ticketsOf(body.email as string)).toEqual([]);
    expect(await mailsTo(body.email as string)).toEqual([]);
    // The same address may still send a real inquiry, as often as the limit allows.
    for (let i = 0; i < rateLimitRules.supportPerIp.limit; i += 1) expect((await send(inquiry(), { ip })).status).toBe(200);
  });

  it(`limits each client address to ${rateLimitRules.supportPerIp.limit} inquiries an hour (429 with Retry-After)`, async () => {
    const ip = '10.250.0.2';
    for (let i = 0; i < rateLimitRules.supportPerIp.limit; i += 1) expect((await send(inquiry(), { ip })).status).toBe(200);
    const body = inquiry();
    const refused = await send(body, { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'error', code: 'tooManyRequests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await ticketsOf(body.email as string)).toEqual([]);
    expect(await mailsTo(body.email as string)).toEqual([]);
    // Another address is not affected.
    expect((await send(inquiry(), { ip: '10.250.0.3' })).status).toBe(200);
  });

  it(`limits each email address to ${rateLimitRules.supportPerEmail.limit} inquiries an hour, whatever the client address or case`, async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < rateLimitRules.supportPerEmail.limit; i += 1) expect((await send(inquiry({ email }))).status).toBe(200);
    const refused = await send(inquiry({ email: email.toUpperCase() }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await ticketsOf(email)).toHaveLength(rateLimitRules.supportPerEmail.limit);
    expect(await mailsTo(email)).toHaveLength(rateLimitRules.supportPerEmail.limit);
  });
});
