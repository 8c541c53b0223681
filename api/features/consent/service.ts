import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { ConsentSource } from '../../db/schema/index.ts';
import { insertConsentEvent, updateEventMail } from './queries.ts';

/**
 * The member's consent to event and advertising mail (product decision 19). Opt-in: an account starts
 * without it. Every change is kept in consent_events with its time and source; sign-up, My Page's
 * profile, the unsubscribe link and staff acting on a member's request all call this.
 */
export async function setEventMailConsent(
  ctx: AppContext,
  change: { accountId: string; granted: boolean; source: ConsentSource; ip?: string | undefined },
  db: Database = ctx.database.db,
): Promise<boolean> {
  const now = ctx.clock.now();
  const record = async (tx: Database) => {
    if (!(await updateEventMail(tx, change.accountId, change.granted, now))) return false;
    await insertConsentEvent(tx, { accountId: change.accountId, granted: change.granted, source: change.source, ip: change.ip ?? null, at: now });
    return true;
  };
  return db === ctx.database.db ? ctx.database.db.transaction(record) : record(db);
}

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { listConsentEvents } from './queries.ts';
