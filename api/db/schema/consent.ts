import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const consentPurposes = ['eventMail'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
/** Where a choice was made: sign-up, My Page, an unsubscribe link, staff on the member's request, demo data. */
export const consentSources = ['signup', 'profile', 'unsubscribe', 'admin', 'seed'] as const;
export type ConsentSource = (typeof consentSources)[number];

/**
 * Every grant and withdrawal of consent, with time and source (product decision 19); the member's current
 * choice is `accounts.event_mail`. Kept with the account and deleted with it.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: consentPurposes }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: consentSources }).notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consent_events_account_idx').on(t.accountId, t.at)],
);
