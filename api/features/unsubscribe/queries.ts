import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, unsubscribeLinks } from '../../db/schema/index.ts';
import { hashSecret } from '../auth/tokens.ts';

/**
 * A new unsubscribe token for each account, for the links of the mail about to be queued. Only the
 * SHA-256 of a token is stored, so a token cannot be read back: every mail gets its own, and every
 * token mailed before keeps working.
 */
export async function unsubscribeTokensFor(db: Database, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const tokens = new Map([...new Set(accountIds)].map((accountId) => [accountId, randomBytes(24).toString('base64url')]));
  await db.insert(unsubscribeLinks).values([...tokens].map(([accountId, token]) => ({ accountId, tokenHash: hashSecret(token) })));
  return tokens;
}

export async function findAccountByUnsubscribeToken(db: Database, token: string) {
  const [row] = await db
    .select({ accountId: accounts.id, email: accounts.email, eventMail: accounts.eventMail })
    .from(unsubscribeLinks)
    .innerJoin(accounts, eq(accounts.id, unsubscribeLinks.accountId))
    .where(eq(unsubscribeLinks.tokenHash, hashSecret(token)))
    .limit(1);
  return row;
}
