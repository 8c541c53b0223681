import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, signUpIn } from '../../../tests/support/browser.ts';
import { waitForMail } from '../../../tests/support/mails.ts';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { mails } from '../../db/schema/index.ts';
import { deliverMail } from './outbox.ts';

const smtp = await startSmtpServer({ rejectFirst: 0 });
afterAll(() => smtp.close());

const app = useTestApp({ jobs: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@musio-english.example' } });

describe('mail over SMTP', () => {
  it('delivers the password-reset mail, in Japanese, as HTML and plain text, from the site settings sender', async () => {
    const input = await signUpIn(createBrowser(app));
    await createBrowser(app).post('/api/auth/password/reset/request', { email: input.email });
    const mail = await waitFor(async () => smtp.received.find((m) => m.to && JSON.stringify(m.to).includes(input.email)), { what: 'the SMTP delivery' });
    expect(mail.subject).toBe('【Musio English】パスワード再設定のご案内');
    expect(mail.from?.value[0]).toEqual({ name: 'Musio English', address: 'no-reply@musio-english.example' });
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toMatch(/http:\/\/localhost:4321\/reset-password#token=[a-z0-9]+/);
    expect(mail.html).toContain('新しいパスワードを設定する');
    // The sender's company details from the Sanity site settings close every mail.
    expect(mail.text).toContain('株式会社');
    const row = await waitForMail(app, input.email);
    expect(row.status).toBe('sent');
    expect(row.providerMessageId).toBeTruthy();
  });
});

describe('retries', () => {
  const flaky = { server: undefined as Awaited<ReturnType<typeof startSmtpServer>> | undefined };
  beforeAll(async () => {
    flaky.server = await startSmtpServer({ rejectFirst: 1 });
  });
  afterAll(() => flaky.server?.close());

  it('keeps a mail queued after a refused attempt and sends it on the next one', async () => {
    const ctx = { ...app.ctx, mail: (await import('../../adapters/mail/transport.ts')).createMailTransport(flaky.server!.url) };
    const [row] = await app.ctx.database.db
      .insert(mails)
      .values({ template: 'test', toAddress: 'retry@example.jp', subject: '再送テスト', text: '本文', html: '<p>本文</p>' })
      .returning();
    await expect(deliverMail(ctx, row!.id)).rejects.toThrow();
    let [after] = await app.ctx.database.db.select().from(mails).where(eq(mails.id, row!.id));
    expect(after).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after!.lastError).toBeTruthy();
    await deliverMail(ctx, row!.id);
    [after] = await app.ctx.database.db.select().from(mails).where(eq(mails.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(flaky.server!.received.map((m) => m.subject)).toContain('再送テスト');
    if (ctx.mail.kind === 'smtp') ctx.mail.close();
  });
});
