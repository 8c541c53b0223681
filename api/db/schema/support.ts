import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '../../../src/domain/support-schemas.ts';
import { accounts } from './accounts.ts';
import { mails } from './platform.ts';

/**
 * Support inquiries (decision 18): one ticket per contact-form message, and the conversation that
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_tickets_status_created_idx').on(t.status, t.createdAt.desc()),
    index('support_tickets_created_idx').on(t.createdAt.desc()),
    index('support_tickets_email_idx').on(t.email),
    index('support_tickets_account_idx').on(t.accountId),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
