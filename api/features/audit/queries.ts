import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { likePattern } from '../../db/like-pattern.ts';

export type AuditEntryRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id'>;

/** The only write the audit log allows (the table refuses UPDATE, DELETE and TRUNCATE). */
export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  action?: string;
  outcome?: 'success' | 'failure' | 'denied';
  /** Part of the actor's email. */
  actor?: string;
  /** A target id, or part of its label. */
  target?: string;
  /** Japan dates YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.outcome ? eq(auditLog.outcome, filter.outcome) : undefined,
    filter.actor ? ilike(auditLog.actorEmail, likePattern(filter.actor)) : undefined,
    filter.target ? or(eq(auditLog.targetId, filter.target), ilike(auditLog.targetLabel, likePattern(filter.target))) : undefined,
    // Whole days in Japan time: from 00:00 of `from` to the end of `to`.
    filter.from ? gte(auditLog.at, sql`(${filter.from}::date)::timestamp at time zone 'Asia/Tokyo'`) : undefined,
    filter.to ? lt(auditLog.at, sql`((${filter.to}::date + 1)::timestamp) at time zone 'Asia/Tokyo'`) : undefined,
  ];
  return and(...parts.filter((part): part is SQL => part !== undefined));
}

/** A page of entries, newest first, and how many match. */
export async function listAuditEntries(db: Database, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const where = conditions(filter);
  const [rows, [counted]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The newest entries about one record, or made by one account (a member's page shows both). */
export async function listAuditEntriesAbout(db: Database, target: { type: string; id: string }, limit: number): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(or(and(eq(auditLog.targetType, target.type), eq(auditLog.targetId, target.id)), target.type === 'account' ? eq(auditLog.actorId, target.id) : undefined))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
