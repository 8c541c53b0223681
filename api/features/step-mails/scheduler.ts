import type { AppContext } from '../../context.ts';
import { attachmentTypes, sniffAttachmentType } from '../../../src/domain/mail/step-mails.ts';
import { syncClock } from '../dev-clock/clock.ts';
import { queueAdvertisingMail } from '../mail/advertising.ts';
import type { MailAttachment } from '../mail/outbox.ts';
import { mailForEach } from '../mail/templates/layout.ts';
import { htmlToText } from '../mail/sanitize.ts';
import { claimDeliveries, findDueDeliveries, findStepMail, markDeliveries, type DueDelivery, type StepMailRow } from './queries.ts';
import { attachmentFileName } from './service.ts';

/**
 * The step-mail scheduler on the service's clock (product decision 21): every minute (cron, once across
 * processes) and whenever /dev/clock moves, it sends each due step to each member once. A delivery
 * row is claimed (insert, key step+member) in the transaction that queues the mail: whichever
 * process claims it sends it, the other inserts nothing and sends nothing.
 */
export const STEP_MAIL_TICK_QUEUE = 'step-mail-tick';
const PAGE = 500;

async function attachmentOf(ctx: AppContext, step: StepMailRow): Promise<MailAttachment[]> {
  const key = step.file;
  if (!key) return [];
  const head = await ctx.storage.head(key);
  const type = head && sniffAttachmentType(head.start);
  if (!type) return [];
  return [{ key, filename: attachmentFileName(step), contentType: attachmentTypes[type] }];
}

async function sendStep(ctx: AppContext, stepNum: number, due: DueDelivery[]): Promise<void> {
  const settings = await ctx.siteSettings.get();
  const step = await findStepMail(ctx.database.db, stepNum);
  if (!step) return;
  const attachments = await attachmentOf(ctx, step);
  const mailFor = mailForEach(settings, { subject: step.title, blocks: [{ kind: 'html', html: step.content, text: htmlToText(step.content) }] });
  await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await claimDeliveries(
      tx,
      stepNum,
      due.map((row) => ({ accountId: row.account_id, email: row.email, dueAt: new Date(row.due_at) })),
      now,
    );
    if (claimed.length === 0) return;
    const queued = await queueAdvertisingMail(
      ctx,
      {
        template: 'step-mail',
        accountIds: claimed,
        render: mailFor,
        dedupeKey: (accountId) => `step:${stepNum}:${accountId}`,
        attachments,
      },
      tx,
    );
    const mailIds = new Map(queued.map((row) => [row.accountId, row.mailId]));
    await markDeliveries(tx, stepNum, claimed, mailIds);
  });
}

/** Sends every step that has come due; the number of deliveries looked at. */
export async function stepMailTick(ctx: AppContext): Promise<number> {
  await syncClock(ctx, { force: true });
  let handled = 0;
  for (;;) {
    const due = await findDueDeliveries(ctx.database.db, ctx.clock.now(), PAGE);
    if (due.length === 0) return handled;
    const byStep = Map.groupBy(due, (row) => row.step_num);
    for (const [stepNum, rows] of byStep) await sendStep(ctx, stepNum, rows);
    handled += due.length;
  }
}

export async function hasDueStepMails(ctx: AppContext): Promise<boolean> {
  return (await findDueDeliveries(ctx.database.db, ctx.clock.now(), 1)).length > 0;
}

export async function registerStepMailScheduler(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(STEP_MAIL_TICK_QUEUE, { policy: 'exclusive', retryLimit: 3, retryDelay: 30 });
  await jobs.work(STEP_MAIL_TICK_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await stepMailTick(ctx);
  });
  if (ctx.config.env !== 'test') await jobs.schedule(STEP_MAIL_TICK_QUEUE, '* * * * *', null, { tz: 'Asia/Tokyo' });
}
