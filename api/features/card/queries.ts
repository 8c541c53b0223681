import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

export type CardRow = typeof cards.$inferSelect;

const preparedCardQueries = new WeakMap<Database, ReturnType<typeof prepareCardQuery>>();
function prepareCardQuery(db: Database) {
  return db.select().from(cards).where(eq(cards.accountId, sql.placeholder('accountId'))).prepare('card_find_card_of');
}

/** The member's card (prepared: read with every userdata and card page). */
export async function findCardOf(db: Database, accountId: string) {
  let query = preparedCardQueries.get(db);
  if (!query) preparedCardQueries.set(db, (query = prepareCardQuery(db)));
  return (await query.execute({ accountId }))[0];
}

/** The payment customer of the member's card, if any: what GET /api/v2/userdata reports, read as plain SQL (readRows). */
export function findCustomerIdOf(database: Pick<DatabaseHandle, 'readRows'>, accountId: string): Promise<string | undefined> {
  return database.readRows<{ customer_id: string }>('select customer_id from cards where account_id = $1', [accountId]).then(([row]) => row?.customer_id);
}

/** The member's one card: the new one replaces the old. */
export async function upsertCard(db: Database, row: typeof cards.$inferInsert & { accountId: string }): Promise<CardRow> {
  await db.insert(cards).values(row).onConflictDoUpdate({ target: cards.accountId, set: row });
  return (await db.select().from(cards).where(eq(cards.accountId, row.accountId)))[0]!;
}
