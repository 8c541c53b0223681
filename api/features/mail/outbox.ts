import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sendInTransaction } from '../../jobs/queue.ts';
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
export async function queueMail(ctx: AppContext, mail: { template: string; to: string; content: MailContent; dedupeKey?: string }, tx?: Database): Promise<string | undefined> {
  const db = tx ?? ctx.database.db;
  const id = await insertMail(db, { template: mail.template, toAddress: mail.to, dedupeKey: mail.dedupeKey ?? null, ...mail.content });
  if (!id) return undefined;
  if (tx) await sendInTransaction(ctx.jobs, tx, DELIVER_MAIL_QUEUE, { mailId: id });
  else await ctx.jobs?.send(DELIVER_MAIL_QUEUE, { mailId: id });
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
    const { messageId } = await ctx.mail.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html });
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
    for (const job of batch) await deliverMail(ctx, job.data.mailId);
  });
}
