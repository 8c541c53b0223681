import type { H3 } from 'h3';
import { announcementIdParams, announcementSchema } from '../../../src/domain/admin/announcements.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { requireSession } from '../auth/guard.ts';
import { createAnnouncement, editAnnouncement, listAdminAnnouncements, listMemberAnnouncements, sendAnnouncementByMail } from './service.ts';

/** The admin console's announcements (api-contract "Admin") and the members' list. */
export function registerAnnouncementRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/announcements', async (event) => {
    await requireSession(event, ctx);
    return { status: 'success', data: await listMemberAnnouncements(ctx) };
  });

  app.get(
    '/api/v2/admin/announcements',
    adminRoute(ctx, 'announcementList', async () => ({ status: 'success', data: await listAdminAnnouncements(ctx) })),
  );

  app.post(
    '/api/v2/admin/announcements',
    adminRoute(ctx, 'announcementCreate', async (event, call) => {
      const input = await readBody(event, announcementSchema);
      await createAnnouncement(ctx, call.session, input, (created, tx) => {
        call.target = { type: 'announcement', id: String(created.id), label: created.title };
        call.after = created;
        return call.recordIn(tx);
      });
      return { status: 'success', data: await listAdminAnnouncements(ctx) };
    }),
  );

  app.put(
    '/api/v2/admin/announcements/:id',
    adminRoute(ctx, 'announcementUpdate', async (event, call) => {
      const { id } = await readParams(event, announcementIdParams);
      call.target = { type: 'announcement', id: String(id) };
      const input = await readBody(event, announcementSchema);
      await editAnnouncement(ctx, call.session, id, input, ({ before, after }, tx) => {
        call.target = { type: 'announcement', id: String(id), label: after.title };
        call.before = before;
        call.after = after;
        return call.recordIn(tx);
      });
      return { status: 'success', data: await listAdminAnnouncements(ctx) };
    }),
  );

  app.post(
    '/api/v2/admin/announcements/:id/mail',
    adminRoute(ctx, 'announcementMail', async (event, call) => {
      const { id } = await readParams(event, announcementIdParams);
      call.target = { type: 'announcement', id: String(id) };
      // The mark "sent", the job and this entry commit together.
      await sendAnnouncementByMail(ctx, id, (sent, tx) => {
        call.target = { type: 'announcement', id: String(id), label: sent.title };
        call.after = { is_mail_sent: true, mail_sent_date: sent.mail_sent_date };
        return call.recordIn(tx);
      });
      return { status: 'success', data: await listAdminAnnouncements(ctx) };
    }),
  );
}
