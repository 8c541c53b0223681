import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bounceKinds, suppressionReasons } from '../../../src/domain/mail/suppression.ts';

/**
 * The suppression list (product decision 34): one row per address that ever bounced or complained.
 * `suppressedAt` set: no advertising mail, service mail held. Lifting clears it and the streak.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  softBouncesInARow: integer('soft_bounces_in_a_row').notNull().default(0),
  reason: text('reason', { enum: suppressionReasons }),
  source: text('source'),
  suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every bounce report and complaint as it came (the "why" staff read). */
export const mailBounces = pgTable(
  'mail_bounces',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    kind: text('kind', { enum: bounceKinds }).notNull(),
    source: text('source').notNull(),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_bounces_email_idx').on(t.email, t.createdAt)],
);
