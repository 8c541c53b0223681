import { acceptsAdvertisingMail } from '../../db/advertising-consent.ts';
import { and, count, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, announcementDeliveries, announcements } from '../../db/schema/index.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
type Values = Pick<AnnouncementRow, 'title' | 'description' | 'isVisible' | 'needSendMail'>;

/** Every announcement, newest id first (spec §9). */
export async function listAnnouncements(db: Database): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).orderBy(desc(announcements.id));
}

export async function listVisibleAnnouncements(db: Database): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).where(eq(announcements.isVisible, true)).orderBy(desc(announcements.id));
}

export async function findAnnouncement(db: Database, id: number, options: { forUpdate?: boolean } = {}): Promise<AnnouncementRow | undefined> {
  const query = db.select().from(announcements).where(eq(announcements.id, id));
  return (await (options.forUpdate ? query.for('update') : query))[0];
}

export async function insertAnnouncement(db: Database, values: Values & { createdBy: string; now: Date }): Promise<AnnouncementRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(announcements)
    .values({ ...rest, updatedBy: values.createdBy, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateAnnouncement(db: Database, id: number, values: Values & { updatedBy: string; now: Date }): Promise<AnnouncementRow | undefined> {
  const { now, ...rest } = values;
  const [row] = await db
    .update(announcements)
    .set({ ...rest, updatedAt: now })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

/** Marks the mail sent, once: only a row that needs mail and was not sent yet. */
export async function markAnnouncementMailSent(db: Database, id: number, now: Date): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ mailSentAt: now })
    .where(and(eq(announcements.id, id), eq(announcements.needSendMail, true), isNull(announcements.mailSentAt)))
    .returning();
  return row;
}

/** The next accounts that may be sent advertising mail and have not been sent this announcement. */
export async function findPendingAnnouncementRecipients(db: Database, announcementId: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        // Consent and no suppression: a suppressed address would be skipped by the outbox, stay
        // pending and be picked again, batch after batch.
        acceptsAdvertisingMail(),
        notExists(
          db
            .select({ one: sql`1` })
            .from(announcementDeliveries)
            .where(and(eq(announcementDeliveries.announcementId, announcementId), eq(announcementDeliveries.accountId, accounts.id))),
        ),
      ),
    )
    .orderBy(accounts.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function insertAnnouncementDeliveries(db: Database, announcementId: number, deliveries: { accountId: string; mailId: string }[]): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insert(announcementDeliveries)
    .values(deliveries.map((delivery) => ({ announcementId, ...delivery })))
    .onConflictDoNothing();
}

/** Counts the deliveries into the row, for the console. */
export async function updateAnnouncementRecipients(db: Database, announcementId: number): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, announcementId));
  const total = counted?.total ?? 0;
  await db.update(announcements).set({ mailRecipients: total }).where(eq(announcements.id, announcementId));
  return total;
}
