import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

export type CardRow = typeof cards.$inferSelect;

/** The member's one card: the new one replaces the old. */
export async function upsertCard(db: Database, row: typeof cards.$inferInsert & { accountId: string }): Promise<CardRow> {
  await db.insert(cards).values(row).onConflictDoUpdate({ target: cards.accountId, set: row });
  return (await db.select().from(cards).where(eq(cards.accountId, row.accountId)))[0]!;
}
