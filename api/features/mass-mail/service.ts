import type { SiteSettings } from '../../../src/content/types.ts';
import { tf } from '../../../src/i18n/ja.ts';
import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import type { AudienceFilters, MailPreview, MassMailInput } from '../../../src/domain/mail/audience.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { queueAdvertisingMail, unsubscribeUrls, withAdvertisingFooter } from '../mail/advertising.ts';
import { queueMail } from '../mail/outbox.ts';
import { htmlToText, sanitizeMailHtml } from '../mail/sanitize.ts';
import { greeting, mailForEach, renderMail, type MailContent } from '../mail/templates/layout.ts';
import { unsubscribeTokensFor } from '../unsubscribe/service.ts';
import { sendInTransaction } from '../../jobs/queue.ts';
import {
  audienceWhere,
  findAccountById,
  countAudience,
  findMassMail,
  finishMassMail,
  insertMassMail,
  insertRecipients,
  listDueScheduledMassMails,
  listSendingMassMails,
  lockMassMailForBatch,
  lockPendingRecipients,
  moveMassMail,
  markRecipients,
  sampleAudience,
} from './queries.ts';

/**
 * Mass mail (product decision 9; issue 15): the audience is fixed when the admin sends, then a job hands it
 * to the outbox in batches at MAIL_RATE_PER_MINUTE. Each batch is one transaction that locks its
 * recipients (SKIP LOCKED), queues their mails and marks them: a member gets the mail once, however
 * many processes work and whenever one dies. A restart picks up every mass mail still sending.
 */
export const MASS_MAIL_QUEUE = 'mass-mail';
/** How long one job runs before it hands over to a fresh one (pg-boss jobs stay short). */
const RUN_BUDGET_MS = 20_000;

export async function previewAudience(ctx: AppContext, admin: AuthSession, filters: AudienceFilters): Promise<MailPreview> {
  if (filters.mailTest) {
    const account = await findAccountById(ctx.database.db, admin.accountId);
    return { recipients: 1, matching: 1, sample: account ? [account.email] : [] };
  }
  const today = tokyoToday(ctx.clock.now());
  const { db } = ctx.database;
  const recipientsWhere = audienceWhere(filters, today, { consentingOnly: true });
  const [recipients, matching, sample] = await Promise.all([
    countAudience(db, recipientsWhere),
    countAudience(db, audienceWhere(filters, today, { consentingOnly: false })),
    sampleAudience(db, recipientsWhere),
  ]);
  return { recipients, matching, sample };
}

const layoutOf = (mail: { title: string; html: string; text: string }) => ({ subject: mail.title, blocks: [{ kind: 'html' as const, html: mail.html, text: mail.text }] });

/** The mail as a member reads it (the advertising footer is added per recipient). */
export function massMailContent(settings: SiteSettings, mail: { title: string; html: string; text: string }, recipient: { lastName: string; firstName: string }): MailContent {
  return renderMail(settings, { ...layoutOf(mail), greeting: greeting(recipient) });
}

/** The body as stored and sent: sanitized HTML and its text part. */
export function prepareBody(input: { mailHtml: string }) {
  const html = sanitizeMailHtml(input.mailHtml);
  return { html, text: htmlToText(html) };
}

/** mailTest: the mail, footer and all, to the signed-in admin alone. */
export async function sendTestMail(ctx: AppContext, admin: AuthSession, input: MassMailInput): Promise<{ recipients: number }> {
  const { db } = ctx.database;
  const account = await findAccountById(db, admin.accountId);
  if (!account) throw new AppError('notFound');
  const settings = await ctx.siteSettings.get();
  const body = prepareBody(input);
  const tokens = await unsubscribeTokensFor(db, [account.id]);
  const { content, headers } = withAdvertisingFooter(massMailContent(settings, { title: tf('mail.testSubject', { title: input.mailTitle }), ...body }, account), settings, unsubscribeUrls(ctx, tokens.get(account.id)!));
  await queueMail(ctx, { template: 'mass-mail-test', to: account.email, content, headers });
  return { recipients: 1 };
}

/** A real send: the mass mail, its recipients and its job commit with the audit entry. */
export async function startMassMail(ctx: AppContext, admin: AuthSession, input: MassMailInput, beforeCommit: (massMail: { id: string; recipients: number }, tx: Database) => Promise<void>) {
  const today = tokyoToday(ctx.clock.now());
  const body = prepareBody(input);
  const { mailTest: _test, mailTitle, mailHtml: _html, sendAt: sendAtText, ...filters } = input;
  const now = ctx.clock.now();
  // Later (product decision 34): scheduled, and its job starts at the time given.
  const sendAt = sendAtText ? new Date(sendAtText) : null;
  if (sendAt && sendAt.getTime() <= now.getTime()) throw new AppError('sendAtInPast');
  const started = await ctx.database.db.transaction(async (tx) => {
    const massMail = await insertMassMail(tx, { title: mailTitle, ...body, filters, status: sendAt ? 'scheduled' : 'sending', sendAt, createdBy: admin.accountId, createdAt: now });
    const recipients = await insertRecipients(tx, massMail.id, audienceWhere(filters, today, { consentingOnly: true }));
    await sendInTransaction(ctx.jobs, tx, MASS_MAIL_QUEUE, { massMailId: massMail.id }, { singletonKey: massMail.id, ...(sendAt ? { startAfter: sendAt } : {}) });
    await beforeCommit({ id: massMail.id, recipients }, tx);
    return { id: massMail.id, recipients };
  });
  if (!ctx.jobs) await runMassMail(ctx, started.id);
  return started;
}


/**
 * One batch in one transaction; the number of recipients it handled (0: none left), or 'stopped'
 * when the mass mail is not sending (scheduled for later, paused, cancelled). The mass mail's row
 * is share-locked for the batch, so a pause returns only once the batches under way are committed,
 * and none starts after it.
 */
export async function fanOutBatch(ctx: AppContext, massMailId: string, size: number): Promise<number | 'stopped'> {
  const settings = await ctx.siteSettings.get();
  return ctx.database.db.transaction(async (tx) => {
    const state = await lockMassMailForBatch(tx, massMailId);
    if (state?.status !== 'sending') return 'stopped';
    const accountIds = await lockPendingRecipients(tx, massMailId, size);
    if (accountIds.length === 0) return 0;
    const massMail = await findMassMail(tx, massMailId);
    if (!massMail) return 0;
    // Rendered once for the batch; each recipient's greeting goes in its place.
    const mailFor = mailForEach(settings, layoutOf(massMail));
    const queued = await queueAdvertisingMail(
      ctx,
      { template: 'mass-mail', accountIds, render: mailFor, dedupeKey: (accountId) => `mass:${massMailId}:${accountId}` },
      tx,
    );
    // One who withdrew consent since the send is skipped, and not picked again.
    await markRecipients(tx, massMailId, accountIds, new Map(queued.map((row) => [row.accountId, row.mailId])), ctx.clock.now());
    return accountIds.length;
  });
}

/**
 * Works through a mass mail at the configured rate; after RUN_BUDGET_MS it queues its own
 * continuation (starting when the pace allows) and returns.
 */
export async function runMassMail(ctx: AppContext, massMailId: string): Promise<void> {
  const rate = ctx.config.mailRatePerMinute;
  const batch = Math.max(1, Math.min(200, Math.ceil(rate / 60)));
  const started = Date.now();
  let handled = 0;
  await startIfDue(ctx, massMailId);
  for (;;) {
    const count = await fanOutBatch(ctx, massMailId, batch);
    if (count === 'stopped') return;
    if (count === 0) {
      await finishMassMail(ctx.database.db, massMailId, ctx.clock.now());
      ctx.logger.info('mass mail handed to the outbox', { massMailId });
      return;
    }
    handled += count;
    const aheadMs = (handled / rate) * 60_000 - (Date.now() - started);
    if (ctx.jobs && Date.now() - started + Math.max(0, aheadMs) > RUN_BUDGET_MS) {
      await ctx.jobs.send(MASS_MAIL_QUEUE, { massMailId }, { singletonKey: massMailId, startAfter: Math.ceil(Math.max(0, aheadMs) / 1000) });
      return;
    }
    if (aheadMs > 0) await new Promise((resolve) => setTimeout(resolve, aheadMs));
  }
}

export async function registerMassMailWorker(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(MASS_MAIL_QUEUE, { policy: 'stately', retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, heartbeatSeconds: 10 });
  await jobs.work<{ massMailId: string }>(MASS_MAIL_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await runMassMail(ctx, job.data.massMailId);
  });
  // After a restart: every mass mail still sending goes on, a scheduled one at its time (the queue drops a duplicate).
  for (const { id, sendAt } of await listSendingMassMails(ctx.database.db)) {
    await jobs.send(MASS_MAIL_QUEUE, { massMailId: id }, { singletonKey: id, ...(sendAt && sendAt > ctx.clock.now() ? { startAfter: sendAt } : {}) });
  }
}

/** A scheduled mass mail whose time has come starts sending (a job may wake a little early: then nothing). */
async function startIfDue(ctx: AppContext, massMailId: string): Promise<void> {
  const massMail = await findMassMail(ctx.database.db, massMailId);
  if (massMail?.status !== 'scheduled') return;
  if (massMail.sendAt && massMail.sendAt > ctx.clock.now()) {
    if (ctx.jobs) await ctx.jobs.send(MASS_MAIL_QUEUE, { massMailId }, { singletonKey: massMailId, startAfter: massMail.sendAt });
    return;
  }
  await moveMassMail(ctx.database.db, massMailId, ['scheduled'], 'sending');
}

/** Scheduled mass mails whose time has come, started (the dev clock's due work, api/jobs/due-work.ts). */
export async function startDueMassMails(ctx: AppContext): Promise<void> {
  for (const { id } of await listDueScheduledMassMails(ctx.database.db, ctx.clock.now())) {
    if (ctx.jobs) {
      await moveMassMail(ctx.database.db, id, ['scheduled'], 'sending');
      await ctx.jobs.send(MASS_MAIL_QUEUE, { massMailId: id }, { singletonKey: id });
    } else await runMassMail(ctx, id);
  }
}

export async function hasDueScheduledMassMails(ctx: AppContext): Promise<boolean> {
  return (await listDueScheduledMassMails(ctx.database.db, ctx.clock.now())).length > 0;
}

/**
 * Pause, resume, cancel (product decision 34). A pause stops the fan-out after the batch under way
 * (the mails of that batch are in the outbox; no member gets a mail twice, since each recipient is
 * marked in the batch that queues its mail); a resume goes on with the members not yet mailed; a
 * cancel leaves them unmailed for good. 409 when the mass mail is not in a state that allows it.
 */
export async function pauseMassMail(ctx: AppContext, id: string) {
  const moved = await moveMassMail(ctx.database.db, id, ['sending', 'scheduled'], 'paused');
  if (!moved) throw await stateError(ctx, id, 'massMailNotPausable');
  return moved;
}

export async function resumeMassMail(ctx: AppContext, id: string) {
  const massMail = await findMassMail(ctx.database.db, id);
  const later = massMail?.sendAt && massMail.sendAt > ctx.clock.now();
  const moved = await moveMassMail(ctx.database.db, id, ['paused'], later ? 'scheduled' : 'sending');
  if (!moved) throw await stateError(ctx, id, 'massMailNotResumable');
  if (ctx.jobs) await ctx.jobs.send(MASS_MAIL_QUEUE, { massMailId: id }, { singletonKey: id, ...(later ? { startAfter: massMail!.sendAt! } : {}) });
  else if (!later) await runMassMail(ctx, id);
  return moved;
}

export async function cancelMassMail(ctx: AppContext, id: string) {
  const moved = await moveMassMail(ctx.database.db, id, ['sending', 'scheduled', 'paused'], 'cancelled', { finishedAt: ctx.clock.now() });
  if (!moved) throw await stateError(ctx, id, 'massMailNotCancellable');
  return moved;
}

async function stateError(ctx: AppContext, id: string, key: 'massMailNotPausable' | 'massMailNotResumable' | 'massMailNotCancellable'): Promise<AppError> {
  return (await findMassMail(ctx.database.db, id)) ? new AppError(key) : new AppError('notFound');
}
