import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '../../../src/domain/support-schemas.ts';
import { accounts } from './accounts.ts';
import { mails } from './platform.ts';

/**
 * Support inquiries (product decision 18): one ticket per contact-form message, and the conversation that
 * follows (the sender's message, then staff replies). Kept when the sender's account is deleted:
 * the inquiry stays answerable by its email address.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people quote (formatTicketNumber: S-001001). */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    /** The signed-in sender's account, if any. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /** As typed, trimmed and lower-cased, so staff find every ticket of one address. */
    email: text('email').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** The staff account that owns the ticket (product decision 31). */
    assigneeId: uuid('assignee_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The secret in the reply address (support+<token>@…) that threads a mailed answer here. */
    replyToken: text('reply_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Since when the sender waits for staff (their unanswered message); null once answered. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_tickets_status_created_idx').on(t.status, t.createdAt.desc()),
    index('support_tickets_created_idx').on(t.createdAt.desc()),
    index('support_tickets_email_idx').on(t.email),
    index('support_tickets_account_idx').on(t.accountId),
    uniqueIndex('support_tickets_reply_token_idx').on(t.replyToken),
    index('support_tickets_assignee_idx').on(t.assigneeId),
    index('support_tickets_waiting_idx').on(t.waitingSince),
  ],
);

export const supportMessageAuthors = ['customer', 'staff'] as const;

/** The conversation of a ticket, oldest first. A staff reply names its mail in the outbox. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: supportMessageAuthors }).notNull(),
    /** The admin who wrote a staff reply. */
    staffAccountId: uuid('staff_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mailId: uuid('mail_id').references(() => mails.id, { onDelete: 'set null' }),
    /** A sender's answer by mail: its Message-ID, so a mail read twice is stored once. */
    mailMessageId: text('mail_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt), uniqueIndex('support_messages_mail_message_id_idx').on(t.mailMessageId)],
);

/** Staff-only notes on a ticket: never mailed, never in the sender's data export (product decision 31). */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    staffAccountId: uuid('staff_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Files of a message (the sender's or staff's), in the storage adapter (product decision 20). */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    /** The name the file had on the sender's computer (shown and used in mail). */
    fileName: text('file_name').notNull(),
    /** From the bytes, never from the name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/** Mail that looked like an answer but was not taken into a ticket, with why (shown to staff). */
export const supportRefusedMails = pgTable(
  'support_refused_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The ticket the mail named, when it named a real one. */
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'cascade' }),
    mailMessageId: text('mail_message_id'),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    reason: text('reason', { enum: ['unknownToken', 'senderMismatch'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('support_refused_mails_message_id_idx').on(t.mailMessageId), index('support_refused_mails_ticket_idx').on(t.ticketId, t.receivedAt)],
);

/** Saved answers staff start a reply from; {{name}} becomes the sender's name. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('canned_replies_title_idx').on(t.title)],
);
