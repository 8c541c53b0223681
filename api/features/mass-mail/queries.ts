import { acceptsAdvertisingMail } from '../../db/advertising-consent.ts';
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { durationBounds } from '../../../src/domain/mail/audience-rules.ts';
import { parseDateRange, type AudienceFilters } from '../../../src/domain/mail/audience.ts';
import type { IsoDate } from '../../../src/domain/billing/dates.ts';
import type { Database } from '../../db/client.ts';
import { accounts, mails, massMailRecipients, massMails, subscriptions, type MassMailStatus } from '../../db/schema/index.ts';

type Filters = Omit<AudienceFilters, 'mailTitle' | 'mailHtml' | 'mailTest'>;

/**
 * The members the filters pick: the one home of the audience rule (product decision 9; the fields'
 * meanings in src/domain/mail/audience.ts). Its rule table is audience-rule.test.ts: change a row
 * there with any change here.
 */
export function audienceWhere(filters: Filters, today: IsoDate, options: { consentingOnly: boolean }): SQL {
  const signedUpOn = sql`(${accounts.createdAt} at time zone 'Asia/Tokyo')::date`;
  const livePlan = (condition: SQL) => sql`exists (select 1 from ${subscriptions} where ${subscriptions.accountId} = ${accounts.id} and ${subscriptions.status} <> 'ended' and ${condition})`;
  const conditions: (SQL | undefined)[] = [eq(accounts.role, 'member'), eq(accounts.isTest, filters.selectList === 'test')];
  if (filters.selectList === 'normal' || filters.selectList === 'esatj') conditions.push(livePlan(sql`${subscriptions.kind} = ${filters.selectList}`));
  const range = parseDateRange(filters.dateRangeText);
  if (range && range !== 'invalid') conditions.push(sql`${signedUpOn} between ${range.from}::date and ${range.to}::date`);
  const bounds = durationBounds(filters.selectDuration, today);
  if (bounds.after) conditions.push(sql`${signedUpOn} > ${bounds.after}::date`);
  if (bounds.until) conditions.push(sql`${signedUpOn} <= ${bounds.until}::date`);
  if (filters.selectNumber) conditions.push(livePlan(sql`${subscriptions.productId} = ${`lessons-${filters.selectNumber}`}`));
  // The recipients: consent and no suppression (the preview's count is who will really be sent to).
  if (options.consentingOnly) conditions.push(acceptsAdvertisingMail());
  else if (filters.eventCheck) conditions.push(eq(accounts.eventMail, true));
  return and(...conditions)!;
}

export async function countAudience(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts).where(where);
  return row?.n ?? 0;
}

export async function sampleAudience(db: Database, where: SQL, limit = 5): Promise<string[]> {
  const rows = await db.select({ email: accounts.email }).from(accounts).where(where).orderBy(asc(accounts.email)).limit(limit);
  return rows.map((row) => row.email);
}

export async function insertMassMail(db: Database, values: typeof massMails.$inferInsert) {
  const [row] = await db.insert(massMails).values(values).returning();
  return row!;
}

/** Fixes the recipients of a mass mail: one row per member (the key forbids a second). */
export async function insertRecipients(db: Database, massMailId: string, where: SQL): Promise<number> {
  const rows = await db
    .insert(massMailRecipients)
    .select(db.select({ massMailId: sql<string>`${massMailId}::uuid`.as('mass_mail_id'), accountId: accounts.id, email: accounts.email, status: sql<'pending'>`'pending'`.as('status'), mailId: sql<null>`null::uuid`.as('mail_id'), queuedAt: sql<null>`null::timestamptz`.as('queued_at') }).from(accounts).where(where))
    .onConflictDoNothing()
    .returning({ accountId: massMailRecipients.accountId });
  await db.update(massMails).set({ recipients: rows.length }).where(eq(massMails.id, massMailId));
  return rows.length;
}

/** The next pending recipients, locked for this transaction; others skip them. */
export async function lockPendingRecipients(db: Database, massMailId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ accountId: massMailRecipients.accountId })
    .from(massMailRecipients)
    .where(and(eq(massMailRecipients.massMailId, massMailId), eq(massMailRecipients.status, 'pending')))
    .orderBy(asc(massMailRecipients.accountId))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.accountId);
}

/** Marks a batch in one statement: queued with its mail, or skipped (consent withdrawn since the send). */
export async function markRecipients(db: Database, massMailId: string, accountIds: string[], queued: Map<string, string>, now: Date): Promise<void> {
  if (accountIds.length === 0) return;
  const rows = JSON.stringify(accountIds.map((accountId) => ({ account_id: accountId, mail_id: queued.get(accountId) ?? null })));
  await db.execute(sql`
    update mass_mail_recipients r
    set status = case when v.mail_id is null then 'skipped' else 'queued' end, mail_id = v.mail_id, queued_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as v(account_id uuid, mail_id uuid)
    where r.mass_mail_id = ${massMailId}::uuid and r.account_id = v.account_id`);
}

export async function findMassMail(db: Database, id: string) {
  const [row] = await db.select().from(massMails).where(eq(massMails.id, id)).limit(1);
  return row;
}

export async function hasPendingRecipients(db: Database, massMailId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(massMailRecipients).where(and(eq(massMailRecipients.massMailId, massMailId), eq(massMailRecipients.status, 'pending')));
  return (row?.n ?? 0) > 0;
}

/** Done, when it is still sending (a paused or cancelled one stays as it is). */
export async function finishMassMail(db: Database, id: string, now: Date): Promise<void> {
  await db.update(massMails).set({ status: 'done', finishedAt: now }).where(and(eq(massMails.id, id), eq(massMails.status, 'sending')));
}

/**
 * The mass mail's status, read with a share lock for one batch's transaction: a pause or a cancel
 * (an update of the row) waits for the batches under way, and a batch after it sees the new status.
 */
export async function lockMassMailForBatch(db: Database, id: string) {
  const [row] = await db.select({ status: massMails.status, sendAt: massMails.sendAt }).from(massMails).where(eq(massMails.id, id)).for('share');
  return row;
}

/** Moves a mass mail from one of `from` to `to`; the row as it is now, or undefined when it was in none of them. */
export async function moveMassMail(db: Database, id: string, from: readonly MassMailStatus[], to: MassMailStatus, changes: { finishedAt?: Date } = {}) {
  const [row] = await db
    .update(massMails)
    .set({ status: to, ...changes })
    .where(and(eq(massMails.id, id), inArray(massMails.status, [...from])))
    .returning();
  return row;
}

/** Scheduled mass mails whose time has come. */
export async function listDueScheduledMassMails(db: Database, now: Date): Promise<{ id: string }[]> {
  return db
    .select({ id: massMails.id })
    .from(massMails)
    .where(and(eq(massMails.status, 'scheduled'), lte(massMails.sendAt, now)));
}

/** Mass mails a worker should pick up after a start: sending ones, and scheduled ones with their time. */
export async function listSendingMassMails(db: Database): Promise<{ id: string; sendAt: Date | null }[]> {
  return db.select({ id: massMails.id, sendAt: massMails.sendAt }).from(massMails).where(inArray(massMails.status, ['sending', 'scheduled']));
}

/** The console's list: each mass mail with its progress. */
export async function listMassMails(db: Database, limit = 20) {
  const progress = db
    .select({
      massMailId: massMailRecipients.massMailId,
      pending: sql<number>`count(*) filter (where ${massMailRecipients.status} = 'pending')::int`.as('pending'),
      queued: sql<number>`count(*) filter (where ${massMailRecipients.status} = 'queued')::int`.as('queued'),
      skipped: sql<number>`count(*) filter (where ${massMailRecipients.status} = 'skipped')::int`.as('skipped'),
    })
    .from(massMailRecipients)
    .groupBy(massMailRecipients.massMailId)
    .as('progress');
  return db
    .select({ id: massMails.id, title: massMails.title, status: massMails.status, recipients: massMails.recipients, sendAt: massMails.sendAt, createdAt: massMails.createdAt, finishedAt: massMails.finishedAt, pending: progress.pending, queued: progress.queued, skipped: progress.skipped })
    .from(massMails)
    .leftJoin(progress, eq(progress.massMailId, massMails.id))
    .orderBy(desc(massMails.createdAt))
    .limit(limit);
}

/** Each recipient of a mass mail and where its mail stands. */
export async function listRecipients(db: Database, massMailId: string, page: number, pageSize: number) {
  const where = eq(massMailRecipients.massMailId, massMailId);
  const rows = await db
    .select({
      email: massMailRecipients.email,
      closed: sql<boolean>`${accounts.closedAt} is not null`,
      status: massMailRecipients.status,
      queuedAt: massMailRecipients.queuedAt,
      mailStatus: mails.status,
      sentAt: mails.sentAt,
    })
    .from(massMailRecipients)
    .innerJoin(accounts, eq(accounts.id, massMailRecipients.accountId))
    .leftJoin(mails, eq(mails.id, massMailRecipients.mailId))
    .where(where)
    .orderBy(asc(massMailRecipients.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(massMailRecipients).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The signed-in admin's own account (the test send goes to it alone). */
export async function findAccountById(db: Database, id: string) {
  const [row] = await db.select({ id: accounts.id, email: accounts.email, lastName: accounts.lastName, firstName: accounts.firstName }).from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}
