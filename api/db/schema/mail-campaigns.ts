import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const massMailStatuses = ['scheduled', 'sending', 'paused', 'cancelled', 'done'] as const;
export type MassMailStatus = (typeof massMailStatuses)[number];
export const recipientStatuses = ['pending', 'queued', 'skipped'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/**
 * A mass mail (product decision 9) as sent: the sanitized body, the filters, who sent it. Its recipients are
 * fixed when it is sent (mass_mail_recipients) and fanned out in batches by a job.
 */
export const massMails = pgTable(
  'mass_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    filters: jsonb('filters').notNull(),
    status: text('status', { enum: massMailStatuses }).notNull().default('sending'),
    recipients: integer('recipients').notNull().default(0),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a scheduled mass mail starts (product decision 34); null: at once. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('mass_mails_created_idx').on(t.createdAt)],
);

/** One row per mass mail and member: the key makes a second copy impossible. */
export const massMailRecipients = pgTable(
  'mass_mail_recipients',
  {
    massMailId: uuid('mass_mail_id')
      .notNull()
      .references(() => massMails.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: recipientStatuses }).notNull().default('pending'),
    mailId: uuid('mail_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.massMailId, t.accountId] }), index('mass_mail_recipients_status_idx').on(t.massMailId, t.status)],
);

/** Step mails (product decisions 8, 21): `num` the order, `date` days after the order, `time` HH:mm in Japan. */
export const stepMails = pgTable('step_mails', {
  num: serial('num').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  date: integer('date').notNull(),
  time: text('time').notNull(),
  /** Storage key of the attachment (product decision 20), or null. */
  file: text('file'),
  /** The attachment's name as the admin chose it (what members see), or null: the key's name. */
  fileName: text('file_name'),
  /** On the service's clock: a step reaches only members for whom it was not yet past (product decision 21). */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each step once per member: the key makes a second delivery impossible, whichever process asks. */
export const stepMailDeliveries = pgTable(
  'step_mail_deliveries',
  {
    stepNum: integer('step_num')
      .notNull()
      .references(() => stepMails.num, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: recipientStatuses }).notNull(),
    mailId: uuid('mail_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stepNum, t.accountId] })],
);

/**
 * The tokens of unsubscribe links (no sign-in needed to use one): a new one for every mail, only its
 * SHA-256 kept, so the table cannot be turned into working links.
 */
export const unsubscribeLinks = pgTable(
  'unsubscribe_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsubscribe_links_account_idx').on(t.accountId)],
);
