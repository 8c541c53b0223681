import { addDays, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { documentSeries, formatDocumentNumber, taxLinesOf, type DocumentIssuer, type DocumentSnapshot } from '../../../src/domain/documents/snapshot.ts';
import { formatOrderNumber } from '../../../src/domain/documents/order-number.ts';
import type { SiteSettings } from '../../../src/content/types.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { findReceiptOfCharge, findRefundNote, findSucceededRefund, insertDocuments, listChargesWithoutReceipt, takeDocumentNumbers, type ChargeForReceipt, type DocumentRow } from './queries.ts';

/**
 * Issuing receipts and refund notes (product decision 25): once, from a snapshot of the moment,
 * numbered in a gapless series per issuer, kind and year (docs/decisions/0036).
 */

/** The issuer as the site settings name it now. */
export function issuerOf(settings: SiteSettings): DocumentIssuer {
  return {
    name: settings.companyName,
    postalCode: settings.postalCode,
    address: settings.companyAddress,
    phone: settings.phone,
    registrationNumber: settings.registrationNumber,
  };
}

/**
 * Issues the receipts of succeeded charges that have none, in the caller's transaction (the one
 * that records the payment, so a receipt exists exactly when the payment does). Charges without a
 * success or with a receipt already are skipped; calling it twice issues nothing new.
 */
export async function issueReceipts(ctx: AppContext, tx: Database, chargeIds: string[]): Promise<void> {
  if (!chargeIds.length) return;
  const issuer = issuerOf(await ctx.siteSettings.get());
  const now = ctx.clock.now();
  const year = Number(tokyoToday(now).slice(0, 4));
  const series = documentSeries('receipt', issuer.registrationNumber, year);
  // The lock first, then the look-up: a second server issuing for the same charge waits here and then sees its receipt.
  await takeDocumentNumbers(tx, series, 0);
  const due = await listChargesWithoutReceipt(tx, chargeIds);
  if (!due.length) return;
  const first = await takeDocumentNumbers(tx, series, due.length);
  await insertDocuments(
    tx,
    due.map((row, index) => ({
      kind: 'receipt' as const,
      series,
      sequence: first + index,
      number: formatDocumentNumber('receipt', year, first + index),
      accountId: row.charge.accountId,
      chargeId: row.charge.id,
      issuedAt: now,
      snapshot: receiptSnapshot(row, issuer, now),
    })),
  );
}

/** A receipt's snapshot: the charge, the card that paid, the member's name and the issuer as they are now. */
export function receiptSnapshot(row: ChargeForReceipt, issuer: DocumentIssuer, now: Date): DocumentSnapshot {
  const { charge } = row;
  const isPeriod = charge.kind === 'period' || charge.kind === 'switch';
  return {
    amount: charge.amount,
    taxLines: taxLinesOf(charge.amount),
    description: charge.description,
    planName: charge.plan?.planName ?? row.planName ?? null,
    // periodEnd is the next period's first day: the period printed ends the day before.
    period: isPeriod ? { start: charge.periodStart, end: charge.periodEnd ? addDays(charge.periodEnd, -1) : null } : null,
    paidOn: tokyoToday(charge.succeededAt ?? now),
    card: row.card?.brand ? { brand: row.card.brand, last4: row.card.last4 } : null,
    issuer,
    memberName: `${row.lastName} ${row.firstName}`.trim(),
    orderNumber: row.orderNumber === null ? null : formatOrderNumber(row.orderNumber),
    refersTo: null,
  };
}

/** The receipt of a succeeded charge, issued now if the charge predates receipts (docs/decisions/0036). */
export async function receiptOfCharge(ctx: AppContext, chargeId: string): Promise<DocumentRow | undefined> {
  const existing = await findReceiptOfCharge(ctx.database.db, chargeId);
  if (existing) return existing;
  await ctx.database.db.transaction((tx) => issueReceipts(ctx, tx, [chargeId]));
  return findReceiptOfCharge(ctx.database.db, chargeId);
}

/** The refund note (返金明細) of a succeeded refund, naming the receipt of the charge it gives back; issued once. */
export async function issueRefundNote(ctx: AppContext, refundId: string): Promise<DocumentRow | undefined> {
  const { db } = ctx.database;
  const existing = await findRefundNote(db, refundId);
  if (existing) return existing;
  const refund = await findSucceededRefund(db, refundId);
  if (!refund) return undefined;
  const receipt = await receiptOfCharge(ctx, refund.chargeId);
  if (!receipt) return undefined;
  const issuer = issuerOf(await ctx.siteSettings.get());
  const now = ctx.clock.now();
  const year = Number(tokyoToday(now).slice(0, 4));
  const series = documentSeries('refundNote', issuer.registrationNumber, year);
  await db.transaction(async (tx) => {
    await takeDocumentNumbers(tx, series, 0);
    if (await findRefundNote(tx, refundId)) return;
    const sequence = await takeDocumentNumbers(tx, series, 1);
    const paid = receipt.snapshot;
    const snapshot: DocumentSnapshot = {
      ...paid,
      amount: refund.amount,
      taxLines: taxLinesOf(refund.amount),
      paidOn: tokyoToday(refund.succeededAt ?? now),
      issuer,
      refersTo: { number: receipt.number, paidOn: paid.paidOn, amount: paid.amount },
    };
    await insertDocuments(tx, [
      { kind: 'refundNote', series, sequence, number: formatDocumentNumber('refundNote', year, sequence), accountId: refund.accountId, chargeId: refund.chargeId, refundId, refersToId: receipt.id, issuedAt: now, snapshot, addressee: receipt.addressee },
    ]);
  });
  return findRefundNote(db, refundId);
}
