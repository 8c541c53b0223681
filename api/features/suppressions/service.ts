import { afterBounce, type BounceKind, type SuppressionRow } from '../../../src/domain/mail/suppression.ts';
import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { releaseHeldMails } from '../mail/outbox.ts';
import { findSuppressed, insertBounce, listBouncesOf, listHeldMailsTo, listSuppressed, lockSuppression, updateSuppression } from './queries.ts';

export interface BounceReport {
  address: string;
  kind: BounceKind;
  /** Where the report came from: 'dsn' (the inbound-mail adapter), a provider's webhook, 'dev-mailbox'. */
  source: string;
  /** The outbox mail that bounced, when known. */
  mailId?: string | null;
}

/**
 * One bounce report or complaint (product decision 34): recorded as it came, and the address
 * suppressed when the rule (src/domain/mail/suppression.ts) says so. The inbound-mail adapter's
 * bounce handler and providers' webhooks call this; offline, POST /dev/mailbox/{id}/bounce does.
 * Returns whether the address is suppressed now.
 */
export async function recordBounce(ctx: AppContext, report: BounceReport): Promise<{ suppressed: boolean }> {
  const email = normalizeEmail(report.address);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await insertBounce(tx, { email, kind: report.kind, source: report.source, mailId: report.mailId ?? null, createdAt: now });
    const row = await lockSuppression(tx, email, now);
    const next = afterBounce({ softBouncesInARow: row.softBouncesInARow, reason: row.reason }, report.kind);
    const newlySuppressed = next.reason !== null && row.suppressedAt === null;
    await updateSuppression(tx, email, next, { source: newlySuppressed ? report.source : row.source, suppressedAt: newlySuppressed ? now : row.suppressedAt, updatedAt: now });
    if (newlySuppressed) ctx.logger.info('address suppressed', { reason: next.reason, source: report.source });
    return { suppressed: next.reason !== null };
  });
}

/** The suppressed addresses, why, and the service mail held for each (newest first). */
export async function listSuppressions(ctx: AppContext): Promise<SuppressionRow[]> {
  const { db } = ctx.database;
  const rows = await listSuppressed(db);
  const emails = rows.map((row) => row.email);
  const [bounces, held] = await Promise.all([listBouncesOf(db, emails), listHeldMailsTo(db, emails)]);
  return rows.map((row) => ({
    email: row.email,
    reason: row.reason!,
    source: row.source,
    suppressedAt: row.suppressedAt!.toISOString(),
    bounces: bounces.filter((bounce) => bounce.email === row.email).map((bounce) => ({ kind: bounce.kind, source: bounce.source, at: bounce.createdAt.toISOString() })),
    heldMails: held.filter((mail) => mail.toAddress === row.email).map((mail) => ({ id: mail.id, subject: mail.subject, createdAt: mail.createdAt.toISOString() })),
  }));
}

/**
 * Staff lift a suppression: the address gets mail again (advertising mail if it still consents),
 * its soft-bounce streak starts over, and the service mail held for it goes out now. Commits with
 * the audit entry (`beforeCommit`); 404 when the address is not suppressed.
 */
export async function liftSuppression(ctx: AppContext, address: string, beforeCommit: (lifted: { email: string; reason: string; released: number }, tx: Database) => Promise<void>) {
  const email = normalizeEmail(address);
  return ctx.database.db.transaction(async (tx) => {
    const row = await findSuppressed(tx, email);
    if (!row) throw new AppError('notFound');
    await updateSuppression(tx, email, { softBouncesInARow: 0, reason: null }, { source: null, suppressedAt: null, updatedAt: ctx.clock.now() });
    const released = await releaseHeldMails(ctx, email, tx);
    const lifted = { email, reason: row.reason!, released };
    await beforeCommit(lifted, tx);
    return lifted;
  });
}

/**
 * The inbound-mail adapter's bounce handler (product decision 34): every delivery report of a
 * DSN or complaint (feedback report) goes through recordBounce, so mailbox providers' reports feed
 * the suppression list the same way the dev mailbox's bounce button does.
 */
export function registerBounceHandler(ctx: AppContext): void {
  ctx.inbound.on('bounce', async ({ reports }) => {
    if (reports.length === 0) return 'no report';
    let suppressed = 0;
    for (const report of reports) {
      if ((await recordBounce(ctx, { address: report.recipient, kind: report.kind, source: 'dsn' })).suppressed) suppressed += 1;
    }
    return `${reports.length} recorded, ${suppressed} suppressed`;
  });
}
