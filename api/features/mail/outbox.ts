import { randomUUID } from 'node:crypto';
import { JOB_HEARTBEAT_SECONDS, MAIL_JOB_RETRY_SECONDS } from '../../jobs/recovery.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { insertJobs } from '../../jobs/queue.ts';
import { AppError } from '../../lib/errors.ts';
import { isCanonicalUuid as isUuid } from '../../../src/domain/ids.ts';
import type { MailContent } from './templates/layout.ts';
import { findMail, findMails, findSuppressedAddresses, insertMails, requeueHeldMails, markMail, markMailsDone, setMailFailed, type MailRow } from './queries.ts';

export const DELIVER_MAIL_QUEUE = 'deliver-mail';
/** Jobs of deliver-mail whose retries ended (pg-boss dead letter). */
export const DELIVER_MAIL_FAILED_QUEUE = 'deliver-mail-failed';
/** 1 attempt and 6 retries, 20 s doubling up to 10 minutes: about half an hour of trying. */
const MAX_RETRIES = 6;
/** Mails a worker takes at once: sent concurrently over the SMTP pool, read and marked in one query each. */
const BATCH_SIZE = 50;

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
  /** Files in storage (product decision 20) to attach. */
  attachments?: MailAttachment[];
}
export interface MailAttachment {
  filename: string;
  key: string;
  contentType: string;
}

export async function queueMail(ctx: AppContext, mail: QueuedMail, tx?: Database): Promise<string | undefined> {
  const [id] = await queueMails(ctx, [mail], tx);
  return id;
}

/**
 * Many mails at once (mass mail, step mails): one insert for the mails and one for their jobs, in
 * the caller's transaction when given. Returns, for each mail in order, its id, or undefined when
 * its dedupe key was queued before.
 */
export async function queueMails(ctx: AppContext, batch: QueuedMail[], tx?: Database): Promise<(string | undefined)[]> {
  const db = tx ?? ctx.database.db;
  // Mail to a suppressed address is held, not sent (product decision 34); advertising mail never
  // gets here for one (findConsentingRecipients leaves it out).
  const suppressed = await findSuppressedAddresses(db, batch.map((mail) => mail.to.toLowerCase()));
  const rows = batch.map((mail) => ({
    id: randomUUID(),
    template: mail.template,
    toAddress: mail.to,
    status: suppressed.has(mail.to.toLowerCase()) ? ('held' as const) : ('queued' as const),
    dedupeKey: mail.dedupeKey ?? null,
    headers: mail.headers ?? null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    ...mail.content,
  }));
  const inserted = await insertMails(db, rows);
  const ids = rows.map((row) => (inserted.has(row.id) ? row.id : undefined));
  await insertJobs(
    ctx.jobs,
    tx,
    DELIVER_MAIL_QUEUE,
    rows.filter((row) => row.status === 'queued' && inserted.has(row.id)).map((row) => ({ mailId: row.id })),
  );
  return ids;
}

/** The mails held for an address go out now (its suppression was lifted); how many. */
export async function releaseHeldMails(ctx: AppContext, email: string, tx: Database): Promise<number> {
  const ids = await requeueHeldMails(tx, email);
  await insertJobs(
    ctx.jobs,
    tx,
    DELIVER_MAIL_QUEUE,
    ids.map((mailId) => ({ mailId })),
  );
  return ids.length;
}

/** An outbox mail by id for a bounce report, or 404. */
export async function findMailForBounce(ctx: AppContext, id: string): Promise<MailRow> {
  const mail = isUuid(id) ? await findMail(ctx.database.db, id) : undefined;
  if (!mail) throw new AppError('notFound');
  return mail;
}

interface Attempt {
  mailId: string;
  lastAttempt?: boolean;
}

/**
 * One delivery attempt for each of a batch of mails: one query reads them, the sends share the
 * SMTP pool, one update marks the sent ones, and an attachment sent to many is read from storage
 * once. Returns the error of each mail that failed (its job is retried with back-off; the mail
 * stays `queued` with its last error, or on its last attempt is marked `failed` for good).
 */
export async function deliverMails(ctx: AppContext, attempts: Attempt[]): Promise<Map<string, unknown>> {
  const { db } = ctx.database;
  const failures = new Map<string, unknown>();
  const due = (await findMails(db, attempts.map((attempt) => attempt.mailId))).filter((mail) => mail.status !== 'sent' && mail.status !== 'kept' && mail.status !== 'held');
  if (due.length === 0) return failures;
  if (ctx.mail.kind === 'outbox') {
    await markMailsDone(db, 'kept', due.map((mail) => ({ id: mail.id })));
    ctx.logger.info('mail kept in the outbox (no SMTP_URL)', { mailIds: due.map((mail) => mail.id), templates: [...new Set(due.map((mail) => mail.template))] });
    return failures;
  }
  const transport = ctx.mail;
  const settings = await ctx.siteSettings.get();
  const from = `"${settings.serviceName}" <${ctx.config.mailFrom ?? settings.email}>`;
  const files = new Map<string, Promise<Buffer>>();
  const fileOf = (key: string) => files.get(key) ?? files.set(key, ctx.storage.get(key).then((bytes) => Buffer.from(bytes))).get(key)!;
  const sendOne = async (mail: MailRow) => {
    const attachments = await Promise.all((mail.attachments ?? []).map(async (file) => ({ filename: file.filename, contentType: file.contentType, content: await fileOf(file.key) })));
    const { messageId } = await transport.send({
      from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
    return { id: mail.id, providerMessageId: messageId };
  };
  const results = await Promise.allSettled(due.map(sendOne));
  const sent = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  await markMailsDone(db, 'sent', sent);
  if (sent.length > 0) ctx.logger.info('mail sent', { mailIds: sent.map((mail) => mail.id), templates: [...new Set(due.map((mail) => mail.template))] });
  const lastAttempt = new Set(attempts.filter((attempt) => attempt.lastAttempt).map((attempt) => attempt.mailId));
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    const mailId = due[index]!.id;
    const error: unknown = result.reason;
    const final = lastAttempt.has(mailId);
    await markMail(db, mailId, final ? 'failed' : 'queued', { lastError: error instanceof Error ? error.message : String(error) });
    ctx.logger.warn(final ? 'mail delivery failed for good' : 'mail delivery failed, will retry', { mailId, error });
    failures.set(mailId, error);
  }
  return failures;
}

/** One delivery attempt of one mail; throws what the send threw (see deliverMails). */
export async function deliverMail(ctx: AppContext, mailId: string, options: { lastAttempt?: boolean } = {}): Promise<void> {
  const failures = await deliverMails(ctx, [{ mailId, ...options }]);
  if (failures.has(mailId)) throw failures.get(mailId);
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
  // A worker that dies loses its heartbeat: its jobs are retried elsewhere within a minute or two,
  // not after pg-boss's 15-minute expiry (api/jobs/recovery.ts).
  await jobs.createQueue(DELIVER_MAIL_QUEUE, {
    retryLimit: MAX_RETRIES,
    retryDelay: MAIL_JOB_RETRY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 600,
    deadLetter: DELIVER_MAIL_FAILED_QUEUE,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  });
  // A queue made before the dead letter and the heartbeat existed gets them too.
  await jobs.updateQueue(DELIVER_MAIL_QUEUE, { deadLetter: DELIVER_MAIL_FAILED_QUEUE, heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
  // A full batch is fetched again at once (burst) rather than after the polling interval: a mass
  // mail's backlog drains at the pace of SMTP, not of one batch a second.
  const options = { pollingIntervalSeconds: 1, batchSize: BATCH_SIZE, burstWhenBatchFull: true, perJobResults: true, includeMetadata: true } as const;
  await jobs.work<{ mailId: string }, unknown, typeof options>(DELIVER_MAIL_QUEUE, options, async (batch) => {
    const message = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });
    let failures: Map<string, unknown>;
    try {
      failures = await deliverMails(
        ctx,
        batch.map((job) => ({ mailId: job.data.mailId, lastAttempt: job.retryCount >= job.retryLimit })),
      );
    } catch (error) {
      // The batch could not be read or marked: every job is retried (a sent mail is not sent again).
      return batch.map((job) => ({ id: job.id, status: 'failed' as const, output: message(error) }));
    }
    return batch.map((job) =>
      failures.has(job.data.mailId) ? { id: job.id, status: 'failed' as const, output: message(failures.get(job.data.mailId)) } : { id: job.id, status: 'completed' as const },
    );
  });
  await jobs.work<{ mailId: string }>(DELIVER_MAIL_FAILED_QUEUE, { pollingIntervalSeconds: 5 }, async (batch) => {
    for (const job of batch) await giveUpOnMail(ctx, job.data.mailId);
  });
}
