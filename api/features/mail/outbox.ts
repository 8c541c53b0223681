import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { MailContent } from './templates/layout.ts';
import { findMail, insertMail, markMail } from './queries.ts';
import { getMailSiteSettings } from './site-settings.ts';

export const DELIVER_MAIL_QUEUE = 'deliver-mail';
const MAX_ATTEMPTS = 6;

/**
 * Puts a mail in the outbox and asks the worker to deliver it. Given a transaction, both happen
 * in it: the mail exists if and only if what caused it was committed. A mail with a dedupe key
 * goes out at most once, whichever process asks first; later asks return undefined.
 */
export interface QueuedMail {
  template: string;
  to: string;
  content: MailContent;
  dedupeKey?: string;
  /** Extra headers (advertising mail's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Files in storage (decision 20) to attach. */
  attachments?: MailAttachment[];
}
export interface MailAttachment {
  filename: string;
  key: string;
  contentType: string;
}

export async function queueMail(ctx: AppContext, mail: QueuedMail, tx?: Database): Promise<string | undefined> {
  const db = tx ?? ctx.database.db;
  const id = await insertMail(db, {
    template: mail.template,
    toAddress: mail.to,
    dedupeKey: mail.dedupeKey ?? null,
    headers: mail.headers ?? null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    ...mail.content,
  });
  if (!id) return undefined;
  if (ctx.jobs) {
    await ctx.jobs.send(DELIVER_MAIL_QUEUE, { mailId: id }, tx ? { db: fromDrizzle(tx as never, sql as never) } : {});
  }
  return id;
}

/** One delivery attempt. Throws to let pg-boss retry with back-off; gives up after MAX_ATTEMPTS. */
export async function deliverMail(ctx: AppContext, mailId: string): Promise<void> {
  const { db } = ctx.database;
  const mail = await findMail(db, mailId);
  if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
  if (ctx.mail.kind === 'outbox') {
    await markMail(db, mailId, 'kept');
    ctx.logger.info('mail kept in the outbox (no SMTP_URL)', { mailId, template: mail.template });
    return;
  }
  const settings = await getMailSiteSettings();
  const from = `"${settings.serviceName}" <${ctx.config.mailFrom ?? settings.email}>`;
  try {
    const attachments = await Promise.all(
      (mail.attachments ?? []).map(async (file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(await ctx.storage.get(file.key)) })),
    );
    const { messageId } = await ctx.mail.send({
      from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
    await markMail(db, mailId, 'sent', { providerMessageId: messageId });
    ctx.logger.info('mail sent', { mailId, template: mail.template });
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const giveUp = mail.attempts + 1 >= MAX_ATTEMPTS;
    await markMail(db, mailId, giveUp ? 'failed' : 'queued', { lastError });
    ctx.logger.warn(giveUp ? 'mail delivery failed for good' : 'mail delivery failed, will retry', { mailId, error });
    if (!giveUp) throw error;
  }
}

export async function registerMailWorker(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(DELIVER_MAIL_QUEUE, { retryLimit: MAX_ATTEMPTS, retryDelay: 20, retryBackoff: true, retryDelayMax: 600 });
  await jobs.work<{ mailId: string }>(DELIVER_MAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 20 }, async (batch) => {
    // The batch's mails at once (the SMTP pool keeps a few connections); each failure is retried on its own.
    await Promise.all(
      batch.map((job) =>
        deliverMail(ctx, job.data.mailId).catch(async (error: unknown) => {
          await jobs.fail(DELIVER_MAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
        }),
      ),
    );
  });
}
