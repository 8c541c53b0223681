import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DocumentSnapshot } from '../../../src/domain/documents/snapshot.ts';
import { accounts } from './accounts.ts';
import { charges, refunds } from './billing.ts';

/**
 * The last number given in each series (per issuer, kind and year). It is raised in the same
 * transaction that writes the document, so numbers stay gapless and unique with many servers
 * (product decision 25, docs/decisions/0036).
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const documentKinds = ['receipt', 'refundNote'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * Receipts (領収書) and refund notes (返金明細): issued once, from a snapshot of that moment, and
 * never rewritten. Only the addressee may be set, until the first download.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: documentKinds }).notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    /** As printed: `R-2027-000123`. */
    number: text('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    /** A refund note names the receipt it corrects. */
    refersToId: uuid('refers_to_id').references((): AnyPgColumn => billingDocuments.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    addressee: text('addressee'),
    firstDownloadedAt: timestamp('first_downloaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_documents_series_sequence').on(t.series, t.sequence),
    uniqueIndex('billing_documents_number').on(t.number),
    uniqueIndex('billing_documents_one_receipt_per_charge').on(t.chargeId).where(sql`${t.kind} = 'receipt'`),
    uniqueIndex('billing_documents_one_note_per_refund').on(t.refundId).where(sql`${t.kind} = 'refundNote'`),
    index('billing_documents_account_idx').on(t.accountId),
    check('billing_documents_kind', sql`${t.kind} in ('receipt', 'refundNote')`),
  ],
);
