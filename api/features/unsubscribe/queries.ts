import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, unsubscribeTokens } from '../../db/schema/index.ts';

/** Each account's unsubscribe token, made on first need. */
export async function unsubscribeTokensFor(db: Database, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  await db
    .insert(unsubscribeTokens)
    .values(accountIds.map((accountId) => ({ accountId, token: randomBytes(24).toString('base64url') })))
    .onConflictDoNothing({ target: unsubscribeTokens.accountId });
  const rows = await db.select().from(unsubscribeTokens).where(inArray(unsubscribeTokens.accountId, accountIds));
  return new Map(rows.map((row) => [row.accountId, row.token]));
}

export async function findAccountByUnsubscribeToken(db: Database, token: string) {
  const [row] = await db
    .select({ accountId: accounts.id, email: accounts.email, eventMail: accounts.eventMail })
    .from(unsubscribeTokens)
    .innerJoin(accounts, eq(accounts.id, unsubscribeTokens.accountId))
    .where(eq(unsubscribeTokens.token, token))
    .limit(1);
  return row;
}
