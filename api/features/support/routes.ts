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
import { clientAddress } from '../../lib/request.ts';
import { readBody, readParams, readQuery } from '../../lib/validation.ts';
import { getSession, requireAdmin } from '../auth/guard.ts';
import { changeTicketStatus, findTickets, readTicket, replyToTicket, submitInquiry } from './service.ts';

/** The support form (no sign-in) and the staff inbox (admins only; api-contract.md). */
export function registerSupportRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/v2/support-mail', async (event) => {
    const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = await readBody(event, supportMailSchema);
    const session = await getSession(event, ctx);
    const data = await submitInquiry(ctx, { ...inquiry, honeypot }, { ip: clientAddress(event, ctx.config), session });
    return { status: 'success', data };
  });

  app.get('/api/v2/admin/support-tickets', async (event) => {
    await requireAdmin(event, ctx);
    return { status: 'success', data: await findTickets(ctx, readQuery(event, ticketListQuerySchema)) };
  });

  app.get('/api/v2/admin/support-tickets/:id', async (event) => {
    await requireAdmin(event, ctx);
    const { id } = readParams(event, idParams);
    return { status: 'success', data: await readTicket(ctx, id) };
  });

  app.put('/api/v2/admin/support-tickets/:id', async (event) => {
    await requireAdmin(event, ctx);
    const { id } = readParams(event, idParams);
    const { status } = await readBody(event, ticketStatusSchema);
    return { status: 'success', data: await changeTicketStatus(ctx, id, status) };
  });

  app.post('/api/v2/admin/support-tickets/:id/replies', async (event) => {
    const staff = await requireAdmin(event, ctx);
    const { id } = readParams(event, idParams);
    const reply = await readBody(event, ticketReplySchema);
    return { status: 'success', data: await replyToTicket(ctx, staff, id, reply) };
  });
}
