import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { mails } from '../../db/schema/index.ts';
import { DELIVER_MAIL_FAILED_QUEUE, DELIVER_MAIL_QUEUE } from './outbox.ts';

/** The delivery worker under pg-boss: one refused mail never holds up or uses up the others. */
const REFUSED = 'refused@example.jp';
const smtp = await startSmtpServer({ rejectTo: [REFUSED] });
afterAll(() => smtp.close());

const app = useTestApp({ jobs: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@musio-english.example' } });

async function newMail(to: string) {
  const [row] = await app.ctx.database.db.insert(mails).values({ template: 'test', toAddress: to, subject: `宛先 ${to}`, text: '本文', html: '<p>本文</p>' }).returning();
  return row!;
}

const statusOf = async (id: string) => (await app.ctx.database.db.select().from(mails).where(eq(mails.id, id)))[0]!;

describe('the mail worker', () => {
  it('processes each job of a batch on its own: a refused mail first in the batch, the others still go out at once', async () => {
    const refused = await newMail(REFUSED);
    const others = [await newMail('first@example.jp'), await newMail('second@example.jp')];
    // One insert, so the worker fetches the three in one batch, the refused one first.
    await app.ctx.jobs!.insert(DELIVER_MAIL_QUEUE, [refused, ...others].map((mail) => ({ data: { mailId: mail.id } })));
    for (const mail of others) {
      // Well before the first retry (20 s): the batch was not failed as a whole.
      await waitFor(async () => ((await statusOf(mail.id)).status === 'sent' ? true : undefined), { timeoutMs: 8000, what: `${mail.toAddress} sent` });
    }
    expect(await statusOf(refused.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('451') });
  });

  it('marks a mail failed when its retries end, and the mailbox shows it', async () => {
    const mail = await newMail(REFUSED);
    await app.ctx.jobs!.send(DELIVER_MAIL_QUEUE, { mailId: mail.id }, { retryLimit: 1, retryDelay: 1, retryBackoff: false });
    const failed = await waitFor(async () => {
      const row = await statusOf(mail.id);
      return row.status === 'failed' ? row : undefined;
    }, { timeoutMs: 15_000, what: 'the mail marked failed' });
    expect(failed.lastError).toContain('451');
    const mailbox = await (await app.request('/dev/mailbox.json')).json();
    expect(mailbox.data.find((row: { id: string }) => row.id === mail.id)).toMatchObject({ status: 'failed' });
    const page = await (await app.request('/dev/mailbox')).text();
    expect(page).toContain('failed');
  });

  it('a job that ran out of retries without a verdict (its worker died) reaches the dead letter, which marks the mail failed', async () => {
    const mail = await newMail('never-tried@example.jp');
    await app.ctx.jobs!.send(DELIVER_MAIL_FAILED_QUEUE, { mailId: mail.id });
    await waitFor(async () => ((await statusOf(mail.id)).status === 'failed' ? true : undefined), { timeoutMs: 15_000, what: 'the mail marked failed' });
    expect(await statusOf(mail.id)).toMatchObject({ status: 'failed', attempts: 0, lastError: 'retries exhausted' });
  });
});
