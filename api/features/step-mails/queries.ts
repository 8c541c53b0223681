import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, mails, stepMailDeliveries, stepMails } from '../../db/schema/index.ts';

export type StepMailRow = typeof stepMails.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export async function listStepMails(db: Database) {
  const sent = db
    .select({ stepNum: stepMailDeliveries.stepNum, sent: sql<number>`count(*) filter (where ${stepMailDeliveries.status} = 'queued')::int`.as('sent') })
    .from(stepMailDeliveries)
    .groupBy(stepMailDeliveries.stepNum)
    .as('sent');
  return db.select({ step: stepMails, sent: sent.sent }).from(stepMails).leftJoin(sent, eq(sent.stepNum, stepMails.num)).orderBy(asc(stepMails.num));
}

export async function findStepMail(db: Database, num: number): Promise<StepMailRow | undefined> {
  const [row] = await db.select().from(stepMails).where(eq(stepMails.num, num)).limit(1);
  return row;
}

export async function insertStepMail(db: Database, values: typeof stepMails.$inferInsert): Promise<StepMailRow> {
  const [row] = await db.insert(stepMails).values(values).returning();
  return row!;
}

export async function updateStepMail(db: Database, num: number, values: Partial<typeof stepMails.$inferInsert>): Promise<StepMailRow | undefined> {
  const [row] = await db.update(stepMails).set(values).where(eq(stepMails.num, num)).returning();
  return row;
}

export async function deleteStepMail(db: Database, num: number): Promise<boolean> {
  const rows = await db.delete(stepMails).where(eq(stepMails.num, num)).returning({ num: stepMails.num });
  return rows.length > 0;
}

export interface DueDelivery {
  step_num: number;
  account_id: string;
  email: string;
  due_at: string;
}

/**
 * Steps due for members not yet sent them (product decision 21): due `date` days after the member's first
 * completed order, at `time` in Japan, and not before the step existed.
 */
export async function findDueDeliveries(db: Database, now: Date, limit: number): Promise<DueDelivery[]> {
  const result = await db.execute(sql`
    select s.num as step_num, a.id as account_id, a.email, d.due_at
    from step_mails s
    cross join (select account_id, min(completed_at) as completed_at from orders where status = 'completed' and completed_at is not null group by account_id) o
    join accounts a on a.id = o.account_id
    cross join lateral (select ((date(o.completed_at at time zone 'Asia/Tokyo') + s.date) + s.time::time) at time zone 'Asia/Tokyo' as due_at) d
    where d.due_at <= ${now.toISOString()}::timestamptz and d.due_at >= s.created_at
      and not exists (select 1 from step_mail_deliveries x where x.step_num = s.num and x.account_id = a.id)
    order by d.due_at, s.num
    limit ${limit}`);
  return rowsOf<DueDelivery>(result);
}

/** Claims deliveries: only the rows this call inserted are its to send (a second process gets none). */
export async function claimDeliveries(db: Database, stepNum: number, rows: { accountId: string; email: string; dueAt: Date }[], now: Date): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(stepMailDeliveries)
    .values(rows.map((row) => ({ stepNum, accountId: row.accountId, email: row.email, dueAt: row.dueAt, status: 'pending' as const, queuedAt: now })))
    .onConflictDoNothing()
    .returning({ accountId: stepMailDeliveries.accountId });
  return inserted.map((row) => row.accountId);
}

/** Marks claimed deliveries in one statement: queued with their mail, or skipped (no consent). */
export async function markDeliveries(db: Database, stepNum: number, accountIds: string[], mailIds: Map<string, string>): Promise<void> {
  if (accountIds.length === 0) return;
  const rows = JSON.stringify(accountIds.map((accountId) => ({ account_id: accountId, mail_id: mailIds.get(accountId) ?? null })));
  await db.execute(sql`
    update step_mail_deliveries d
    set status = case when v.mail_id is null then 'skipped' else 'queued' end, mail_id = v.mail_id
    from jsonb_to_recordset(${rows}::jsonb) as v(account_id uuid, mail_id uuid)
    where d.step_num = ${stepNum} and d.account_id = v.account_id`);
}

export async function listDeliveries(db: Database, stepNum: number, limit = 500) {
  const rows = await db
    .select({
      email: stepMailDeliveries.email,
      closed: sql<boolean>`${accounts.closedAt} is not null`,
      status: stepMailDeliveries.status,
      queuedAt: stepMailDeliveries.queuedAt,
      mailStatus: mails.status,
      sentAt: mails.sentAt,
    })
    .from(stepMailDeliveries)
    .innerJoin(accounts, eq(accounts.id, stepMailDeliveries.accountId))
    .leftJoin(mails, eq(mails.id, stepMailDeliveries.mailId))
    .where(eq(stepMailDeliveries.stepNum, stepNum))
    .orderBy(desc(stepMailDeliveries.queuedAt), asc(stepMailDeliveries.email))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(stepMailDeliveries).where(eq(stepMailDeliveries.stepNum, stepNum));
  return { rows, total: total?.n ?? 0 };
}
