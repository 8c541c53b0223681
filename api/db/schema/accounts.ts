import { sql } from 'drizzle-orm';
import { consoleRoles } from '../../../src/domain/admin/permissions.ts';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

export const accountRoles = ['member', 'staff', 'admin'] as const;
export type AccountRole = (typeof accountRoles)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased: one account per address, whatever the case typed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** YYYYMM */
    birthday: varchar('birthday', { length: 6 }).notNull(),
    role: text('role', { enum: accountRoles }).notNull().default('member'),
    /** What a console account may do (product decision 32); null for everyone else. role is 'admin' exactly when this is set. */
    consoleRole: text('console_role', { enum: consoleRoles }),
    /** The console role came from ADMIN_EMAILS (owner): the staff screen leaves it alone, the next start removes it when the address leaves the list. */
    consoleRoleFromConfig: boolean('console_role_from_config').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    /** Accepts event and advertising mail (product decision 19); opt-in, so false until the member says yes. History: consent_events. */
    eventMail: boolean('event_mail').notNull().default(false),
    /** The delivery address the server selected (the first one added) or the member chose. */
    selectedAddressId: uuid('selected_address_id'),
    /** The member's invitation code for /signup?ref= (product decision 22); made the first time /referral is opened. */
    referralCode: text('referral_code'),
    /** Who invited this member (product decision 22). */
    referredBy: uuid('referred_by'),
    /** The member closed the account (APPI): personal data removed, billing records kept for the books. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    uniqueIndex('accounts_referral_code_key').on(t.referralCode),
    index('accounts_referred_by_idx').on(t.referredBy),
    check('accounts_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('accounts_birthday_format', sql`${t.birthday} ~ '^[0-9]{6}$'`),
  ],
);

export const sessionKinds = ['member', 'admin'] as const;

/** Sessions as the Lucia guide teaches: token = `${id}.${secret}`, only SHA-256(secret) is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: sessionKinds }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** When this session passed the second factor (at sign-in or by enrolling in it); null: password only. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_idle_expires_idx').on(t.idleExpiresAt)],
);

/** Single-use password reset tokens; only SHA-256(token) is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_account_idx').on(t.accountId)],
);
