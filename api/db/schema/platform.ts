import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Counters for rate limits and sign-in back-off. Kept in PostgreSQL so that the limits hold
 * across every server process.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);

/** 'held': service mail to a suppressed address, kept until staff lift the suppression (product decision 34). */
export const mailStatuses = ['queued', 'sent', 'kept', 'failed', 'held'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * The mail outbox: every mail is written here first (in the transaction that causes it), then a
 * pg-boss job delivers it. Without SMTP it stays here as 'kept' and shows in the development mailbox.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    /** Set for a mail that must go out at most once (a reminder, a receipt): a second insert is ignored. */
    dedupeKey: text('dedupe_key'),
    /** Extra headers (advertising mail: List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Attachments by storage key (step mails). */
    attachments: jsonb('attachments').$type<{ filename: string; key: string; contentType: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mails_created_idx').on(t.createdAt), index('mails_to_idx').on(t.toAddress), uniqueIndex('mails_dedupe_key').on(t.dedupeKey)],
);

/**
 * Files stored but not yet claimed (product decisions 20 and 31): uploaded ahead of a support form
 * or reply, taken from a mail, or uploaded for a step mail not saved yet. A support message or a
 * saved step claims its files from here, and what nothing claimed within a day is deleted with its
 * file (api/features/uploads/pending.ts, run by api/jobs/maintenance.ts). Real time, not the
 * billing clock.
 */
export const pendingUploads = pgTable('pending_uploads', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
