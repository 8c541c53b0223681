import type { H3 } from 'h3';
import { idParams } from '../../../src/domain/ids.ts';
import {
  HONEYPOT_FIELD,
  supportMailSchema,
  ticketListQuerySchema,
  ticketReplySchema,
  ticketStatusSchema,
} from '../../../src/domain/support-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clientAddress } from '../../lib/request.ts';
import { readBody, readParams, readQuery } from '../../lib/validation.ts';
import { can, permissionFor } from '../../../src/domain/admin/permissions.ts';
import { adminRoute, withAdminPermission } from '../audit/admin-route.ts';
import { getSession, requireSession } from '../auth/guard.ts';
import { registerDeskRoutes } from './desk-routes.ts';
import { changeTicket, findTickets, readTicket, replyToTicket, submitInquiry } from './service.ts';

/** The support form (no sign-in) and the staff inbox (admins only; api-contract.md). */
export function registerSupportRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/v2/support-mail', async (event) => {
    const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = await readBody(event, supportMailSchema);
    const session = await getSession(event, ctx);
    const data = await submitInquiry(ctx, { ...inquiry, honeypot }, { ip: clientAddress(event, ctx.config), session });
    return { status: 'success', data };
  });

  // The inbox: every call goes through adminRoute (401, 403, and one audit entry each; product decision 24).
  app.get(
    '/api/v2/admin/support-tickets',
    adminRoute(ctx, 'supportTicketSearch', async (event, call) => {
      const query = await readQuery(event, ticketListQuerySchema);
      call.after = { query };
      return { status: 'success', data: await findTickets(ctx, call.session, query) };
    }),
  );

  app.get(
    '/api/v2/admin/support-tickets/:id',
    adminRoute(ctx, 'supportTicketView', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'supportTicket', id };
      const ticket = await readTicket(ctx, id);
      call.target = { type: 'supportTicket', id, label: ticket.number };
      return { status: 'success', data: ticket };
    }),
  );

  app.put(
    '/api/v2/admin/support-tickets/:id',
    // Status and assignment share the call (api-contract: PUT adds assigneeId); the audit entry
    // names what changed: supportTicketAssign when the owner is part of it. Both need the desk's
    // permission, which the handler carries like every admin route's.
    withAdminPermission('supportTicketStatus', async (event) => {
      // Visitors get 401, members and other console roles 403 (from adminRoute) before their body is read.
      const session = await requireSession(event, ctx);
      const mayWork = session.isAdmin && can(session.consoleRole, permissionFor('supportTicketStatus'));
      const change = mayWork ? await readBody(event, ticketStatusSchema) : undefined;
      const action = change?.assigneeId !== undefined ? 'supportTicketAssign' : 'supportTicketStatus';
      return adminRoute(ctx, action, async (_event, call) => {
        if (!change) throw new AppError('forbidden');
        const { id } = await readParams(event, idParams);
        call.target = { type: 'supportTicket', id };
        const ticket = await changeTicket(ctx, id, change, (changed, tx) => {
          call.target = { type: 'supportTicket', id, label: changed.number };
          call.before = changed.before;
          call.after = { status: change.status ?? changed.before.status, assigneeId: change.assigneeId === undefined ? changed.before.assigneeId : change.assigneeId };
          return call.recordIn(tx);
        });
        return { status: 'success', data: ticket };
      })(event);
    }),
  );

  app.post(
    '/api/v2/admin/support-tickets/:id/replies',
    adminRoute(ctx, 'supportTicketReply', async (event, call) => {
      const { id } = await readParams(event, idParams);
      const reply = await readBody(event, ticketReplySchema);
      call.target = { type: 'supportTicket', id };
      const ticket = await replyToTicket(ctx, call.session, id, reply, (answered, tx) => {
        call.target = { type: 'supportTicket', id, label: answered.number };
        call.after = { status: reply.status, attachments: reply.attachments.length };
        return call.recordIn(tx);
      });
      return { status: 'success', data: ticket };
    }),
  );

  registerDeskRoutes(app, ctx);
}
