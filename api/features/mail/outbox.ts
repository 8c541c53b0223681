import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { insertInTransaction, sendInTransaction } from '../../jobs/queue.ts';
import type { MailContent } from './templates/layout.ts';
import { findMail, insertMail, insertMails, markMail, setMailFailed } from './queries.ts';
import { getMailSiteSettings } from './site-settings.ts';

export const DELIVER_MAIL_QUEUE = 'deliver-mail';
/** Jobs of deliver-mail whose retries ended (pg-boss dead letter). */
export const DELIVER_MAIL_FAILED_QUEUE = 'deliver-mail-failed';
/** 1 attempt and 6 retries, 20 s doubling up to 10 minutes: about half an hour of trying. */
const MAX_RETRIES = 6;

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
  if (tx) await sendInTransaction(ctx.jobs, tx, DELIVER_MAIL_QUEUE, { mailId: id });
  else await ctx.jobs?.send(DELIVER_MAIL_QUEUE, { mailId: id });
  return id;
}

/**
 * queueMail for many service mails caused by one transaction (the billing clock's batch): one
 * insert for the mails and one for their delivery jobs.
 */
export async function queueMails(ctx: AppContext, batch: (Omit<QueuedMail, 'headers' | 'attachments'> & { dedupeKey: string })[], tx: Database): Promise<void> {
  const ids = await insertMails(
    tx,
    batch.map((mail) => ({ template: mail.template, toAddress: mail.to, dedupeKey: mail.dedupeKey, ...mail.content })),
  );
  await insertInTransaction(ctx.jobs, tx, DELIVER_MAIL_QUEUE, ids.map((mailId) => ({ data: { mailId } })));
}

/**
 * One delivery attempt. Throws to let pg-boss retry with back-off; the mail stays `queued` with its
 * last error. On the last attempt (`lastAttempt`) a failure marks it `failed` for good.
 */
export async function deliverMail(ctx: AppContext, mailId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
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
    await markMail(db, mailId, options.lastAttempt ? 'failed' : 'queued', { lastError });
    ctx.logger.warn(options.lastAttempt ? 'mail delivery failed for good' : 'mail delivery failed, will retry', { mailId, error });
    throw error;
  }
}

/**
 * A mail whose job ran out of retries without a verdict (a worker that died mid-send, a job that
 * expired): marked `failed`, so nothing stays `queued` forever.
 */
export async function giveUpOnMail(ctx: AppContext, mailId: string): Promise<void> {
  const mail = await findMail(ctx.database.db, mailId);
  if (!mail || mail.status !== 'queued') return;
  await setMailFailed(ctx.database.db, mailId, mail.lastError ?? 'retries exhausted');
  ctx.logger.warn('mail delivery failed for good', { mailId });
}

/**
 * The worker settles each job of a batch on its own (pg-boss `perJobResults`): one refused mail
 * neither fails nor delays the others. A job whose retries end goes to the dead-letter queue,
 * whose worker marks its mail `failed`.
 */
export async function registerMailWorker(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(DELIVER_MAIL_FAILED_QUEUE);
  await jobs.createQueue(DELIVER_MAIL_QUEUE, { retryLimit: MAX_RETRIES, retryDelay: 20, retryBackoff: true, retryDelayMax: 600, deadLetter: DELIVER_MAIL_FAILED_QUEUE });
  // A queue made before the dead letter existed gets it too.
  await jobs.updateQueue(DELIVER_MAIL_QUEUE, { deadLetter: DELIVER_MAIL_FAILED_QUEUE });
  const options = { pollingIntervalSeconds: 1, batchSize: 20, perJobResults: true, includeMetadata: true } as const;
  await jobs.work<{ mailId: string }, unknown, typeof options>(
    DELIVER_MAIL_QUEUE,
    options,
    async (batch) =>
      Promise.all(
        batch.map(async (job) => {
          try {
            await deliverMail(ctx, job.data.mailId, { lastAttempt: job.retryCount >= job.retryLimit });
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            return { id: job.id, status: 'failed' as const, output: { message: error instanceof Error ? error.message : String(error) } };
          }
        }),
      ),
  );
  await jobs.work<{ mailId: string }>(DELIVER_MAIL_FAILED_QUEUE, { pollingIntervalSeconds: 5 }, async (batch) => {
    for (const job of batch) await giveUpOnMail(ctx, job.data.mailId);
  });
}
