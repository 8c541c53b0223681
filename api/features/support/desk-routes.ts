import type { H3 } from 'h3';
import { idParams } from '../../../src/domain/ids.ts';
import { cannedReplyQuerySchema, cannedReplySchema, noteSchema, STAFF_UPLOAD_PATH, SUPPORT_UPLOAD_PATH } from '../../../src/domain/support/desk.ts';
import type { AppContext } from '../../context.ts';
import { enforceRateLimit, rateLimitRules } from '../../lib/rate-limit.ts';
import { clientAddress } from '../../lib/request.ts';
import { readBody, readParams, readQuery } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { receiveSupportUpload } from './attachments.ts';
import { addNote, createCannedReply, editCannedReply, findCannedReplies, findStaff, findUnattachedRefusedMails, readAttachment, removeCannedReply } from './desk-service.ts';
import { readTicket } from './service.ts';

/** Paths that take a file (up to 10 MB) and so have their own body limit (api/app.ts). */
export const SUPPORT_UPLOAD_PATHS = [SUPPORT_UPLOAD_PATH, STAFF_UPLOAD_PATH];

/**
 * The support desk (product decision 31; api-contract, third wave): uploads, notes, canned
 * replies, files and the staff to assign. Console calls go through adminRoute under
 * /api/v2/admin/…, so the console's role table covers them.
 */
export function registerDeskRoutes(app: H3, ctx: AppContext): void {
  // The public form's files: no sign-in, limited per client address.
  app.post(SUPPORT_UPLOAD_PATH, async (event) => {
    await enforceRateLimit(ctx.database.db, `support-upload:ip:${clientAddress(event, ctx.config)}`, rateLimitRules.supportUploadPerIp);
    return { status: 'success', data: await receiveSupportUpload(ctx, event) };
  });

  app.post(
    STAFF_UPLOAD_PATH,
    adminRoute(ctx, 'supportAttachmentUpload', async (event, call) => {
      const stored = await receiveSupportUpload(ctx, event);
      call.target = { type: 'file', id: stored.key };
      call.after = stored;
      return { status: 'success', data: stored };
    }),
  );

  app.get(
    '/api/v2/admin/support-attachments/:id',
    adminRoute(ctx, 'supportAttachmentView', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'supportAttachment', id };
      const file = await readAttachment(ctx, id);
      call.target = { type: 'supportAttachment', id, label: file.name };
      // Images open in place (previews); a PDF downloads. The type is the one read from the bytes.
      const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    }),
  );

  app.post(
    '/api/v2/admin/support-tickets/:id/notes',
    adminRoute(ctx, 'supportTicketNote', async (event, call) => {
      const { id } = await readParams(event, idParams);
      const { body } = await readBody(event, noteSchema);
      call.target = { type: 'supportTicket', id };
      await addNote(ctx, call.session, id, body);
      const ticket = await readTicket(ctx, id);
      call.target = { type: 'supportTicket', id, label: ticket.number };
      return { status: 'success', data: ticket };
    }),
  );

  app.get(
    '/api/v2/admin/support-staff',
    adminRoute(ctx, 'supportStaffList', async () => ({ status: 'success', data: await findStaff(ctx) })),
  );

  app.get(
    '/api/v2/admin/support-refused-mails',
    adminRoute(ctx, 'supportRefusedMailList', async () => ({ status: 'success', data: await findUnattachedRefusedMails(ctx) })),
  );

  app.get(
    '/api/v2/admin/canned-replies',
    adminRoute(ctx, 'cannedReplyList', async (event, call) => {
      const { q } = await readQuery(event, cannedReplyQuerySchema);
      call.after = { q };
      return { status: 'success', data: await findCannedReplies(ctx, q) };
    }),
  );

  app.post(
    '/api/v2/admin/canned-replies',
    adminRoute(ctx, 'cannedReplyCreate', async (event, call) => {
      const reply = await createCannedReply(ctx, await readBody(event, cannedReplySchema));
      call.target = { type: 'cannedReply', id: reply.id, label: reply.title };
      call.after = reply;
      return { status: 'success', data: reply };
    }),
  );

  app.put(
    '/api/v2/admin/canned-replies/:id',
    adminRoute(ctx, 'cannedReplyUpdate', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'cannedReply', id };
      const reply = await editCannedReply(ctx, id, await readBody(event, cannedReplySchema));
      call.target = { type: 'cannedReply', id, label: reply.title };
      call.after = reply;
      return { status: 'success', data: reply };
    }),
  );

  app.delete(
    '/api/v2/admin/canned-replies/:id',
    adminRoute(ctx, 'cannedReplyDelete', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'cannedReply', id };
      await removeCannedReply(ctx, id);
      return { status: 'success' };
    }),
  );
}
