import type { H3Event } from 'h3';
import type { AuditAction, AuditRow, AuditTarget } from '../../../src/domain/admin/audit.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { AuditOutcome } from '../../db/schema/index.ts';
import { clientAddress } from '../../lib/request.ts';
import { insertAuditEntry, type AuditEntryRow } from './queries.ts';

/** Who acted: a signed-in person (an AuthSession fits), or an account identified at sign-in. */
export interface AuditActor {
  accountId: string;
  email: string;
}

export interface AuditDetails {
  action: AuditAction;
  target?: AuditTarget | undefined;
  outcome?: AuditOutcome;
  /** The message key answered when the action failed or was refused. */
  errorCode?: string | undefined;
  /** The record before and after the change; secrets are removed before writing. */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an admin action's audit entry inside the action's own transaction (`call.recordIn`): a
 * service that changes data takes one and calls it with its transaction, after its writes, so the
 * change and its entry commit together or not at all.
 */
export type RecordInTransaction<R> = (result: R, tx: Database) => Promise<void>;

/** Keys whose values never enter the audit log, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|otp|recovery|hash|cvc|card_?number|^code$/i;
const MAX_DEPTH = 6;

/** A copy of a value without secrets: keys that look like one are dropped, at any depth. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  // jsonb refuses a lone UTF-16 surrogate: such a character is written as U+FFFD, never a failed entry.
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || item === undefined || typeof item === 'function') continue;
    out[key.toWellFormed()] = withoutSecrets(item, depth + 1);
  }
  return out;
}

/**
 * Writes one entry of the audit log (product decision 24). Give `db` a transaction to make the entry
 * commit together with the change it describes.
 */
export async function writeAuditEntry(ctx: AppContext, actor: AuditActor | undefined, ip: string, details: AuditDetails, db: Database = ctx.database.db): Promise<void> {
  await insertAuditEntry(db, {
    at: ctx.clock.now(),
    actorId: actor?.accountId ?? null,
    actorEmail: actor?.email ?? null,
    action: details.action,
    targetType: details.target?.type ?? null,
    targetId: details.target?.id ?? null,
    targetLabel: details.target?.label ?? null,
    ip,
    outcome: details.outcome ?? 'success',
    errorCode: details.errorCode ?? null,
    before: details.before === undefined ? null : withoutSecrets(details.before),
    after: details.after === undefined ? null : withoutSecrets(details.after),
  });
}

/**
 * Records what an admin did in this request: actor from the session, address from the request.
 * Admin routes get this from `adminRoute` (./admin-route.ts); call it directly only for an action
 * outside such a route.
 */
export function recordAdminAction(ctx: AppContext, event: H3Event, session: AuditActor, details: AuditDetails, db?: Database): Promise<void> {
  return writeAuditEntry(ctx, session, clientAddress(event, ctx.config), details, db);
}

/** An entry as the API answers it. */
export function toAuditRow(row: AuditEntryRow): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    ip: row.ip,
    outcome: row.outcome,
    errorCode: row.errorCode,
    before: row.before,
    after: row.after,
  };
}
