import type { RecordInTransaction } from '../audit/record.ts';
import type { AdminAnnouncement, AnnouncementInput, MemberAnnouncement } from '../../../src/domain/admin/announcements.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sendInTransaction } from '../../jobs/queue.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { queueAdvertisingMail } from '../mail/advertising.ts';
import { announcementMail } from '../mail/templates/announcement.ts';
import {
  findAnnouncement,
  findPendingAnnouncementRecipients,
  insertAnnouncement,
  insertAnnouncementDeliveries,
  listAnnouncements,
  listVisibleAnnouncements,
  markAnnouncementMailSent,
  updateAnnouncement,
  updateAnnouncementRecipients,
  type AnnouncementRow,
} from './queries.ts';

/**
 * Announcements (product decision 5): written in the admin console, shown on My Page when visible, and
 * forwarded once by mail to the members who accept event mail (product decision 19).
 */
export const ANNOUNCEMENT_MAIL_QUEUE = 'announcement-mail';
/** Recipients per transaction while the mail is fanned out. */
export const ANNOUNCEMENT_MAIL_BATCH = 200;

export function toAdminAnnouncement(row: AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    is_visible: row.isVisible,
    need_send_mail: row.needSendMail,
    is_mail_sent: row.mailSentAt !== null,
    mail_sent_date: row.mailSentAt?.toISOString() ?? null,
    mail_recipients: row.mailRecipients,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toMemberAnnouncement(row: AnnouncementRow): MemberAnnouncement {
  return { id: row.id, title: row.title, description: row.description, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export async function listAdminAnnouncements(ctx: AppContext): Promise<AdminAnnouncement[]> {
  return (await listAnnouncements(ctx.database.db)).map(toAdminAnnouncement);
}

export async function listMemberAnnouncements(ctx: AppContext): Promise<MemberAnnouncement[]> {
  return (await listVisibleAnnouncements(ctx.database.db)).map(toMemberAnnouncement);
}

const values = (input: AnnouncementInput) => ({ title: input.title, description: input.description, isVisible: input.is_visible, needSendMail: input.need_send_mail });

export async function createAnnouncement(ctx: AppContext, admin: AuthSession, input: AnnouncementInput, audit: RecordInTransaction<AdminAnnouncement>): Promise<AdminAnnouncement> {
  const created = await ctx.database.db.transaction(async (tx) => {
    const row = toAdminAnnouncement(await insertAnnouncement(tx, { ...values(input), createdBy: admin.accountId, now: ctx.clock.now() }));
    await audit(row, tx);
    return row;
  });
  ctx.logger.info('announcement created', { announcementId: created.id });
  return created;
}

/** Edits an announcement; once its mail is sent, the mail choice stays as it was (409). */
export async function editAnnouncement(
  ctx: AppContext,
  admin: AuthSession,
  id: number,
  input: AnnouncementInput,
  audit: RecordInTransaction<{ before: AdminAnnouncement; after: AdminAnnouncement }>,
): Promise<{ before: AdminAnnouncement; after: AdminAnnouncement }> {
  return ctx.database.db.transaction(async (tx) => {
    const current = await findAnnouncement(tx, id, { forUpdate: true });
    if (!current) throw new AppError('notFound');
    if (current.mailSentAt && input.need_send_mail !== current.needSendMail) throw new AppError('announcementMailAlreadySent');
    const updated = await updateAnnouncement(tx, id, { ...values(input), updatedBy: admin.accountId, now: ctx.clock.now() });
    const change = { before: toAdminAnnouncement(current), after: toAdminAnnouncement(updated!) };
    await audit(change, tx);
    return change;
  });
}

/**
 * The mail icon: marks the announcement sent and queues the job that mails it, in one
 * transaction with the caller's audit entry. A second call answers 409.
 */
export async function sendAnnouncementByMail(
  ctx: AppContext,
  id: number,
  beforeCommit: (sent: AdminAnnouncement, tx: Database) => Promise<void>,
): Promise<AdminAnnouncement> {
  const jobs = ctx.jobs;
  if (!jobs) throw new AppError('sendMailFailed');
  return ctx.database.db.transaction(async (tx) => {
    const sent = await markAnnouncementMailSent(tx, id, ctx.clock.now());
    if (!sent) {
      const current = await findAnnouncement(tx, id);
      if (!current) throw new AppError('notFound');
      throw new AppError(current.mailSentAt ? 'announcementMailAlreadySent' : 'announcementMailNotNeeded');
    }
    await sendInTransaction(jobs, tx, ANNOUNCEMENT_MAIL_QUEUE, { announcementId: id }, { retryLimit: 5, retryBackoff: true });
    const announcement = toAdminAnnouncement(sent);
    await beforeCommit(announcement, tx);
    return announcement;
  });
}

/**
 * The job: mails the announcement to every consenting member not yet sent it, a batch per
 * transaction. The delivery rows make a retried or repeated job send nobody a second copy; the
 * row lock keeps two runs from interleaving.
 */
export async function deliverAnnouncementMail(ctx: AppContext, announcementId: number, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? ANNOUNCEMENT_MAIL_BATCH;
  const { db } = ctx.database;
  const settings = await ctx.siteSettings.get();
  const myPageUrl = `${ctx.config.publicOrigin}/mypage`;
  for (;;) {
    const candidates = await db.transaction(async (tx) => {
      const announcement = await findAnnouncement(tx, announcementId, { forUpdate: true });
      if (!announcement?.mailSentAt) return 0;
      const accountIds = await findPendingAnnouncementRecipients(tx, announcementId, batchSize);
      if (accountIds.length === 0) return 0;
      const mails = await queueAdvertisingMail(
        ctx,
        {
          template: 'announcement',
          accountIds,
          render: (recipient) => announcementMail(settings, { ...recipient, title: announcement.title, description: announcement.description, myPageUrl }),
        },
        tx,
      );
      await insertAnnouncementDeliveries(tx, announcementId, mails);
      // Candidates, not mails: one who withdrew consent meanwhile is skipped, and not picked again.
      return accountIds.length;
    });
    if (candidates === 0) break;
  }
  const total = await updateAnnouncementRecipients(db, announcementId);
  ctx.logger.info('announcement mailed', { announcementId, recipients: total });
  return total;
}

export async function registerAnnouncementMailWorker(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  await jobs.createQueue(ANNOUNCEMENT_MAIL_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
  await jobs.work<{ announcementId: number }>(ANNOUNCEMENT_MAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async (batch) => {
    for (const job of batch) await deliverAnnouncementMail(ctx, job.data.announcementId);
  });
}
