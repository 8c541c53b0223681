import type { H3Event } from 'h3';
import type { AuditAction, AuditTarget } from '../../../src/domain/admin/audit.ts';
import { can, permissionFor, type Permission } from '../../../src/domain/admin/permissions.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError, describeError } from '../../lib/errors.ts';
import { clientAddress } from '../../lib/request.ts';
import { requireSession } from '../auth/guard.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { consoleRefusal } from '../two-factor/service.ts';
import { writeAuditEntry } from './record.ts';

/** What an admin handler tells the audit log about its action. */
export interface AdminCall {
  readonly session: AuthSession;
  readonly ip: string;
  /** The record acted on. */
  target: AuditTarget | undefined;
  /** The record before and after a change (secrets are removed when written). */
  before: unknown;
  after: unknown;
  /**
   * Writes the success entry now, inside the handler's transaction, so the change and its entry
   * commit together; the wrapper then writes nothing more. Every action that changes data records
   * this way (its service takes a RecordInTransaction, ./record.ts): if the entry cannot be written
   * the change rolls back. Only reads leave the entry to the wrapper, after the handler returns.
   */
  recordIn(tx: Database): Promise<void>;
}

export interface AdminRouteOptions {
  /** Open to an admin without a second factor under ADMIN_REQUIRE_2FA (the enrolment routes). */
  withoutSecondFactor?: boolean;
  /**
   * False only for a read of the admin's own settings that the console makes on every load (the
   * second factor's status): refusals and failures are still written, successes would only bury
   * the entries that matter.
   */
  recordSuccess?: boolean;
}

/**
 * Every admin API route goes through this (product decision 24): 401 for visitors, 403 for members,
 * 403 for a console role the action's permission leaves out (product decision 32, the table in
 * src/domain/admin/permissions.ts), 403 for a session that did not pass the account's second
 * factor and, under ADMIN_REQUIRE_2FA, for admins without one; then the handler. One audit entry
 * per call: success, failure (with the error code) or denied (a signed-in non-admin).
 *
 *   app.post('/api/v2/admin/things/:id', adminRoute(ctx, 'thingUpdate', async (event, call) => {
 *     const { id } = await readParams(event, idParams);
 *     call.target = { type: 'thing', id };
 *     const { before, after } = await updateThing(ctx, id, await readBody(event, thingSchema));
 *     call.before = before;
 *     call.after = after;
 *     return { status: 'success' };
 *   }));
 */
export function adminRoute<T>(ctx: AppContext, action: AuditAction, handler: (event: H3Event, call: AdminCall) => Promise<T>, options: AdminRouteOptions = {}) {
  const permission = permissionFor(action);
  const route = async (event: H3Event): Promise<T> => {
    const session = await requireSession(event, ctx);
    const ip = clientAddress(event, ctx.config);
    let recorded = false;
    const call: AdminCall = {
      session,
      ip,
      target: undefined,
      before: undefined,
      after: undefined,
      recordIn: async (tx) => {
        await writeAuditEntry(ctx, session, ip, { action, target: call.target, before: call.before, after: call.after }, tx);
        recorded = true;
      },
    };
    const refuse = async (key: 'forbidden' | 'twoFactorEnrolmentRequired' | 'twoFactorSessionRequired'): Promise<never> => {
      await writeAuditEntry(ctx, session, ip, { action, outcome: 'denied', errorCode: key });
      throw new AppError(key);
    };
    if (!session.isAdmin) return refuse('forbidden');
    // The console role (product decision 32): its own step, after "is a console account".
    if (!can(session.consoleRole, permission)) return refuse('forbidden');
    // The second factor is the session's (product decision 32): see consoleRefusal.
    const secondFactorRefusal = options.withoutSecondFactor ? undefined : await consoleRefusal(ctx, session);
    if (secondFactorRefusal) return refuse(secondFactorRefusal);
    let result: T;
    try {
      result = await handler(event, call);
    } catch (error) {
      const { body } = describeError(error);
      await writeAuditEntry(ctx, session, ip, { action, target: call.target, outcome: 'failure', errorCode: String(body.code), before: call.before, after: call.after }).catch(
        (auditError: unknown) => ctx.logger.error('audit entry could not be written', { action, error: auditError }),
      );
      throw error;
    }
    if (!recorded && options.recordSuccess !== false) await writeAuditEntry(ctx, session, ip, { action, target: call.target, before: call.before, after: call.after });
    return result;
  };
  // The permission travels with the handler, so a test can read every route's from the router.
  return Object.assign(route, { [ADMIN_PERMISSION]: permission });
}

/** Where an admin handler carries the permission it checks. */
export const ADMIN_PERMISSION = Symbol.for('musio.adminPermission');

/** The permission an admin handler checks, or undefined for a handler that is not an admin route. */
export function adminPermissionOf(handler: unknown): Permission | undefined {
  return typeof handler === 'function' ? (handler as { [ADMIN_PERMISSION]?: Permission })[ADMIN_PERMISSION] : undefined;
}

/** A handler that picks its admin action from its input, marked with the permission both actions need. */
export function withAdminPermission<T extends (event: H3Event) => unknown>(action: AuditAction, handler: T): T {
  return Object.assign(handler, { [ADMIN_PERMISSION]: permissionFor(action) });
}
