import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const auditOutcomes = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/**
 * The admin audit log (product decision 24): who did what to which record, when, from where, and how it
 * ended. Append-only: a trigger of the custom migration `audit_log_append_only` refuses UPDATE,
 * DELETE and TRUNCATE. No foreign keys: an entry outlives the account it names, so the actor's
 * email and the target's label are copied in.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    /** One of src/domain/admin/audit.ts `auditActions` (text, so a new action needs no migration). */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    ip: text('ip').notNull(),
    outcome: text('outcome', { enum: auditOutcomes }).notNull(),
    /** The message key the API answered with when the action failed or was refused. */
    errorCode: text('error_code'),
    /** The record before and after the change, secrets removed. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** Announcements of the admin console (product decision 5): shown on My Page and, once, forwarded by mail. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    isVisible: boolean('is_visible').notNull(),
    needSendMail: boolean('need_send_mail').notNull(),
    /** When the mail was sent (queued for every consenting member); null until then. Set once. */
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    /** How many members the mail was queued for, counted by the sending job. */
    mailRecipients: integer('mail_recipients'),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_visible_idx').on(t.isVisible, t.id)],
);

/** One row per member an announcement mail went to: the key makes "once each" hold on retries. */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id').notNull(),
    queuedAt: createdAt,
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.accountId] })],
);

/**
 * An admin's TOTP second factor (product decision 24). `confirmedAt` is null while enrolment waits for
 * the first code; `lastUsedStep` refuses a code that was already used (replay).
 */
export const adminTotp = pgTable('admin_totp', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The shared key, base32 (authenticator apps need the key itself, so it cannot be a hash). */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt,
});

/** Single-use recovery codes of an admin's second factor; only SHA-256 of each is stored. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [uniqueIndex('admin_recovery_codes_key').on(t.accountId, t.codeHash)],
);
