import type { Database } from '../../db/client.ts';
import { unsubscribeTokensFor as tokensFor } from './queries.ts';

/** Each account's unsubscribe token (made on first need), for the links in advertising mail. */
export function unsubscribeTokensFor(db: Database, accountIds: string[]): Promise<Map<string, string>> {
  return tokensFor(db, accountIds);
}
