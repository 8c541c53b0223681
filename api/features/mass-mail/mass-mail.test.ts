import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';
import { accounts, consentEvents, mails, massMailRecipients, massMails, unsubscribeLinks } from '../../db/schema/index.ts';
import { hashSecret } from '../auth/tokens.ts';
import { audienceWhere, insertMassMail, insertRecipients } from './queries.ts';
import { fanOutBatch, runMassMail } from './service.ts';

/**
 * Mass mail end to end on the in-process app with its job queue and a real SMTP server: the test
 * send, the real send (each recipient once, also when the fan-out is cut off and run twice at once),
 * what every advertising mail carries, and unsubscribing without signing in.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const app = useTestApp({ jobs: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@musio-english.example', MAIL_RATE_PER_MINUTE: '60000' } });
let admin: TestBrowser;
const db = () => app.ctx.database.db;
const body = { selectList: 'all', mailTitle: '春のキャンペーン', mailHtml: '<p>こんにちは。<a href="https://example.jp/spring">詳しくはこちら</a></p><script>alert(1)</script><p onclick="x()">以上</p>' };

beforeAll(async () => {
  admin = await adminBrowser(app);
  const now = new Date();
  for (const n of [1, 2, 3]) await seedMember(db(), { email: `yes${n}@example.jp`, createdAt: now });
  await seedMember(db(), { email: 'no@example.jp', createdAt: now, eventMail: false });
});

const campaignMails = (template: string) => db().select().from(mails).where(eq(mails.template, template));

describe('mass mail', () => {
  it('mailTest sends to the signed-in admin alone, with the footer and headers', async () => {
    const response = await admin.post('/api/v2/admin/mail', { ...body, mailTest: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', recipients: 1 });
    const sent = await campaignMails('mass-mail-test');
    expect(sent.map((mail) => mail.toAddress)).toEqual([DEMO_ADMIN.email]);
    // The subject says in Japanese that it is a test (it was "[TEST]").
    expect(sent[0]!.subject).toContain(`【テスト送信】${body.mailTitle}`);
    expect(await campaignMails('mass-mail')).toEqual([]);
    expect(await db().select().from(massMails)).toEqual([]);
  });

  it('a real send reaches each consenting member once, sanitized, with a text part; the SMTP delivery carries the headers', async () => {
    const response = await admin.post('/api/v2/admin/mail', body);
    expect(await response.json()).toMatchObject({ status: 'success', recipients: 3 });
    const [audit] = await latestAuditEntries(app, 1, 'massMailSend');
    expect(audit).toMatchObject({ outcome: 'success' });
    await waitFor(async () => ((await db().select().from(massMails))[0]?.status === 'done' ? true : undefined), { what: 'the fan-out' });
    const sent = await campaignMails('mass-mail');
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual(['yes1@example.jp', 'yes2@example.jp', 'yes3@example.jp']);
    for (const mail of sent) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('onclick');
      expect(mail.text).toContain('詳しくはこちら (https://example.jp/spring)');
      expect(mail.text).toMatch(/配信停止.*http:\/\/localhost:4321\/unsubscribe\?token=/);
      expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:4321\/api\/v2\/unsubscribe\?token=[\w-]+>$/);
    }
    // Over SMTP: both parts and the headers as a mailbox provider sees them.
    const delivered = await waitFor(async () => smtp.received.find((mail) => JSON.stringify(mail.to).includes('yes1@example.jp')), { what: 'the SMTP delivery' });
    expect(delivered.subject).toBe('【Musio English】春のキャンペーン');
    expect(delivered.text).toContain('山田 花子 様');
    expect(delivered.text).toContain('配信停止');
    expect(delivered.html).toContain('配信停止はこちら');
    expect(delivered.html).toContain('https://example.jp/spring');
    const header = (key: string) => delivered.headerLines.find((line) => line.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')?.replace(/\r\n\s+/g, ' ')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:4321\/api\/v2\/unsubscribe\?token=[\w-]+>$/);
    // Progress per recipient.
    const list = await (await admin.request('/api/v2/admin/mail')).json();
    expect(list.data[0]).toMatchObject({ title: '春のキャンペーン', status: 'done', recipients: 3, pending: 0, queued: 3 });
    const recipients = await (await admin.request(`/api/v2/admin/mail/${list.data[0].id}/recipients`)).json();
    expect(recipients.data.rows).toHaveLength(3);
  });

  it('a fan-out cut off after one batch and then run twice at once still mails each member once', async () => {
    const ctx = { ...app.ctx, jobs: undefined };
    const massMail = await insertMassMail(db(), { title: '再開テスト', html: '<p>再開</p>', text: '再開', filters: {}, createdAt: new Date() });
    const where = audienceWhere({ selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: false }, '2026-01-01', { consentingOnly: true });
    expect(await insertRecipients(db(), massMail.id, where)).toBe(3);
    expect(await fanOutBatch(ctx, massMail.id, 1)).toBe(1);
    await Promise.all([runMassMail(ctx, massMail.id), runMassMail(ctx, massMail.id)]);
    const rows = await db().select().from(massMailRecipients).where(eq(massMailRecipients.massMailId, massMail.id));
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued']);
    const sent = await db().select().from(mails).where(inArray(mails.id, rows.map((row) => row.mailId!)));
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual(['yes1@example.jp', 'yes2@example.jp', 'yes3@example.jp']);
    expect(await db().select().from(mails).where(eq(mails.subject, '【Musio English】再開テスト'))).toHaveLength(3);
  });

  it('unsubscribing by the link (no sign-in) takes effect at once, is recorded, and the next mail skips the member', async () => {
    const [mail] = await db().select().from(mails).where(and(eq(mails.template, 'mass-mail'), eq(mails.toAddress, 'yes2@example.jp'))).limit(1);
    const token = /unsubscribe\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const page = await app.request(`/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('配信を停止する');
    // What a mailbox provider posts (RFC 8058): no cookie, no Origin.
    const oneClick = await app.request(`/api/v2/unsubscribe?token=${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    const [account] = await db().select().from(accounts).where(eq(accounts.email, 'yes2@example.jp'));
    expect(account!.eventMail).toBe(false);
    const events = await db().select().from(consentEvents).where(eq(consentEvents.accountId, account!.id));
    expect(events).toMatchObject([{ granted: false, source: 'unsubscribe' }]);
    expect(await (await app.request('/unsubscribe?token=not-a-real-token-at-all')).status).toBe(404);

    const next = await (await admin.post('/api/v2/admin/mail', { ...body, mailTitle: '次のお知らせ' })).json();
    expect(next.recipients).toBe(2);
  });

  it('keeps only the SHA-256 of each unsubscribe token; every mail has its own, and older links keep working', async () => {
    const links = await db().select().from(unsubscribeLinks);
    const tokens = (await db().select().from(mails).where(eq(mails.template, 'mass-mail'))).map((mail) => /unsubscribe\?token=([\w-]+)/.exec(mail.text)![1]!);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(links.map((link) => link.tokenHash)).toContain(hashSecret(token));
      expect(JSON.stringify(links)).not.toContain(token);
      expect((await app.request(`/unsubscribe?token=${token}`)).status).toBe(200);
    }
    // The migration hashed the tokens mailed before it in SQL: the same hash as the server's.
    const sample = 'AbC-123_xyzXYZ0987654321';
    const [row] = await db()
      .select({ hash: sql<string>`encode(sha256(convert_to(${sample}::text, 'UTF8')), 'hex')` })
      .from(accounts)
      .limit(1);
    expect(row!.hash).toBe(hashSecret(sample));
  });
});
