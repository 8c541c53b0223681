import type { H3 } from 'h3';
import * as v from 'valibot';
import { pageParam } from '../../../src/domain/admin/paging.ts';
import { idParams } from '../../../src/domain/ids.ts';
import { audienceSchema, massMailSchema } from '../../../src/domain/mail/audience.ts';
import { deliveryOf } from '../../../src/domain/mail/delivery.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody, readParams, readQuery } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { findMassMail, listMassMails, listRecipients } from './queries.ts';
import { cancelMassMail, pauseMassMail, previewAudience, prepareBody, resumeMassMail, sendTestMail, startMassMail } from './service.ts';

export const RECIPIENTS_PAGE_SIZE = 50;

/** Mass mail in the admin console (api-contract "mass mail", "mass mail preview"). */
export function registerMassMailRoutes(app: H3, ctx: AppContext): void {
  app.post(
    '/api/v2/admin/mail/preview',
    adminRoute(ctx, 'massMailPreview', async (event, call) => {
      const filters = await readBody(event, audienceSchema);
      const preview = await previewAudience(ctx, call.session, filters);
      call.after = { filters: { ...filters, mailHtml: undefined }, recipients: preview.recipients };
      return { status: 'success', data: { ...preview, ...(filters.mailHtml ? prepareBody(filters) : {}) } };
    }),
  );

  app.post(
    '/api/v2/admin/mail',
    adminRoute(ctx, 'massMailSend', async (event, call) => {
      const input = await readBody(event, massMailSchema);
      if (input.mailTest) {
        const sent = await sendTestMail(ctx, call.session, input);
        call.after = { test: true, title: input.mailTitle };
        return { status: 'success', recipients: sent.recipients, data: { test: true, recipients: sent.recipients } };
      }
      const started = await startMassMail(ctx, call.session, input, (massMail, tx) => {
        call.target = { type: 'massMail', id: massMail.id, label: input.mailTitle };
        const { mailHtml: _html, ...rest } = input;
        call.after = { ...rest, recipients: massMail.recipients };
        return call.recordIn(tx);
      });
      return { status: 'success', recipients: started.recipients, data: { id: started.id, recipients: started.recipients } };
    }),
  );

  // Pause, resume, cancel (api-contract "mass mail later"; product decision 34).
  const controls = [
    ['pause', 'massMailPause', pauseMassMail],
    ['resume', 'massMailResume', resumeMassMail],
    ['cancel', 'massMailCancel', cancelMassMail],
  ] as const;
  for (const [verb, action, control] of controls) {
    app.post(
      `/api/v2/admin/mail/:id/${verb}`,
      adminRoute(ctx, action, async (event, call) => {
        const { id } = await readParams(event, idParams);
        call.target = { type: 'massMail', id };
        const moved = await control(ctx, id);
        call.target = { type: 'massMail', id, label: moved.title };
        call.after = { status: moved.status };
        return { status: 'success', data: { id, status: moved.status } };
      }),
    );
  }

  app.get(
    '/api/v2/admin/mail',
    adminRoute(ctx, 'massMailList', async () => {
      const rows = await listMassMails(ctx.database.db);
      return {
        status: 'success',
        data: rows.map((row) => ({ ...row, pending: row.pending ?? 0, queued: row.queued ?? 0, skipped: row.skipped ?? 0, sendAt: row.sendAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null })),
      };
    }),
  );

  app.get(
    '/api/v2/admin/mail/:id/recipients',
    adminRoute(ctx, 'massMailView', async (event, call) => {
      const { id } = await readParams(event, idParams);
      const { page } = await readQuery(event, v.object({ page: pageParam }));
      call.target = { type: 'massMail', id };
      const massMail = await findMassMail(ctx.database.db, id);
      if (!massMail) throw new AppError('notFound');
      const { rows, total } = await listRecipients(ctx.database.db, id, page, RECIPIENTS_PAGE_SIZE);
      return {
        status: 'success',
        data: {
          title: massMail.title,
          status: massMail.status,
          total,
          rows: rows.map((row) => {
            const { status, at } = deliveryOf(row);
            return { email: row.closed ? null : row.email, status, queuedAt: row.queuedAt?.toISOString() ?? null, sentAt: at };
          }),
        },
      };
    }),
  );
}
