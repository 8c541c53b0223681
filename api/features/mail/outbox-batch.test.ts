import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createMailTransport } from '../../adapters/mail/transport.ts';
import { mails } from '../../db/schema/index.ts';
import { deliverMails, queueMails } from './outbox.ts';

/**
 * The outbox in batches (mass mail, step mails): many mails queued in one statement, a second
 * queueing of a dedupe key left out in place; a batch delivered with one read and one mark, a file
 * sent to many read from storage once, a refused mail reported on its own.
 */
const REFUSED = 'refused@example.jp';
const smtp = await startSmtpServer({ rejectTo: [REFUSED] });
afterAll(() => smtp.close());
const app = useTestApp({ env: { MAIL_FROM: 'no-reply@musio-english.example' } });
const content = (n: number) => ({ subject: `一括 ${n}`, text: `本文 ${n}`, html: `<p>本文 ${n}</p>` });

describe('the outbox in batches', () => {
  it('queues many mails at once; a dedupe key queued before gives undefined in its place', async () => {
    const first = await queueMails(app.ctx, [{ template: 'test', to: 'a@example.jp', content: content(1), dedupeKey: 'batch:a' }]);
    expect(first).toEqual([expect.any(String)]);
    const ids = await queueMails(app.ctx, [
      { template: 'test', to: 'b@example.jp', content: content(2), dedupeKey: 'batch:b' },
      { template: 'test', to: 'a@example.jp', content: content(1), dedupeKey: 'batch:a' },
      { template: 'test', to: 'c@example.jp', content: content(3) },
    ]);
    expect(ids).toEqual([expect.any(String), undefined, expect.any(String)]);
    const rows = await app.ctx.database.db.select().from(mails).where(inArray(mails.id, ids.filter((id) => id !== undefined)));
    expect(rows.map((row) => `${row.toAddress}:${row.subject}`).sort()).toEqual(['b@example.jp:一括 2', 'c@example.jp:一括 3']);
  });

  it('delivers a batch: each mail once, the shared file read once, a refused mail failed alone, a sent one not again', async () => {
    const key = 'step-mails/shared-guide.pdf';
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    await app.ctx.storage.put(key, pdf, 'application/pdf');
    let reads = 0;
    const transport = createMailTransport(smtp.url);
    const ctx = { ...app.ctx, mail: transport, storage: { ...app.ctx.storage, get: (k: string) => ((reads += 1), app.ctx.storage.get(k)) } };
    const attachments = [{ key, filename: 'guide.pdf', contentType: 'application/pdf' }];
    const ids = (await queueMails(ctx, ['d1@example.jp', 'd2@example.jp', 'd3@example.jp', REFUSED].map((to, n) => ({ template: 'test', to, content: content(n), attachments })))) as string[];
    const failures = await deliverMails(ctx, ids.map((mailId) => ({ mailId, lastAttempt: mailId === ids[3] })));
    expect([...failures.keys()]).toEqual([ids[3]]);
    expect(reads).toBe(1);
    const rows = await app.ctx.database.db.select().from(mails).where(inArray(mails.id, ids));
    expect(Object.fromEntries(rows.map((row) => [row.toAddress, `${row.status}/${row.attempts}`]))).toEqual({ 'd1@example.jp': 'sent/1', 'd2@example.jp': 'sent/1', 'd3@example.jp': 'sent/1', [REFUSED]: 'failed/1' });
    expect(rows.every((row) => row.status !== 'sent' || (row.sentAt && row.providerMessageId))).toBe(true);
    const delivered = smtp.received.filter((mail) => mail.subject?.startsWith('一括'));
    expect(delivered).toHaveLength(3);
    expect(delivered.every((mail) => Buffer.from(mail.attachments[0]!.content).equals(Buffer.from(pdf)))).toBe(true);
    // Asked again (a retried job), the sent ones are not sent twice.
    expect((await deliverMails(ctx, [{ mailId: ids[0]! }])).size).toBe(0);
    expect(smtp.received.filter((mail) => mail.subject?.startsWith('一括'))).toHaveLength(3);
    expect((await app.ctx.database.db.select().from(mails).where(eq(mails.id, ids[0]!)))[0]).toMatchObject({ attempts: 1 });
    if (transport.kind === 'smtp') transport.close();
  });
});
