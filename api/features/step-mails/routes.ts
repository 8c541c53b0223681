import type { H3 } from 'h3';
import * as v from 'valibot';
import { stepMailDeleteSchema, stepMailSchema, stepMailUpdateSchema, stepNumParams, type StepMailDelivery } from '../../../src/domain/mail/step-mails.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { deliveryOf } from '../../../src/domain/mail/delivery.ts';
import { listDeliveries } from './queries.ts';
import { createStep, editStep, listItems, receiveUpload, removeStep, uploadTarget } from './service.ts';

const STEP_PATH = '/api/v2/admin/step-mails';
export const STEP_MAIL_UPLOAD_PATH = `${STEP_PATH}/uploads`;

/** Step mails in the admin console (spec §7, api-contract "step mails", "step-mail deliveries"). */
export function registerStepMailRoutes(app: H3, ctx: AppContext): void {
  app.get(STEP_PATH, adminRoute(ctx, 'stepMailList', async () => ({ status: 'success', data: { Items: await listItems(ctx) } })));

  app.post(
    STEP_PATH,
    adminRoute(ctx, 'stepMailCreate', async (event, call) => {
      const created = await createStep(ctx, await readBody(event, stepMailSchema), (step, tx) => {
        call.target = { type: 'stepMail', id: String(step.num), label: step.title };
        call.after = { ...step, content: undefined };
        return call.recordIn(tx);
      });
      return { status: 'success', data: created };
    }),
  );

  app.put(
    STEP_PATH,
    adminRoute(ctx, 'stepMailUpdate', async (event, call) => {
      const { num, ...input } = await readBody(event, stepMailUpdateSchema);
      call.target = { type: 'stepMail', id: String(num) };
      const { after } = await editStep(ctx, num, input, (change, tx) => {
        call.target = { type: 'stepMail', id: String(num), label: change.after.title };
        call.before = change.before;
        call.after = change.after;
        return call.recordIn(tx);
      });
      return { status: 'success', data: after };
    }),
  );

  app.delete(
    STEP_PATH,
    adminRoute(ctx, 'stepMailDelete', async (event, call) => {
      const { num } = await readBody(event, stepMailDeleteSchema);
      call.target = { type: 'stepMail', id: String(num) };
      await removeStep(ctx, num, (removed, tx) => {
        call.before = removed;
        return call.recordIn(tx);
      });
      return { status: 'success' };
    }),
  );

  app.post(
    `${STEP_PATH}/uploads/target`,
    adminRoute(ctx, 'stepMailUpload', async (event) => {
      const { fileName } = await readBody(event, v.object({ fileName: v.pipe(v.string('badRequest'), v.maxLength(255, 'tooLong')) }));
      return { status: 'success', data: await uploadTarget(ctx, fileName) };
    }),
  );

  app.post(
    STEP_MAIL_UPLOAD_PATH,
    adminRoute(ctx, 'stepMailUpload', async (event, call) => {
      const stored = await receiveUpload(ctx, event);
      call.target = { type: 'file', id: stored.file };
      call.after = stored;
      return { status: 'success', data: stored };
    }),
  );

  app.get(
    `${STEP_PATH}/:num/deliveries`,
    adminRoute(ctx, 'stepMailDeliveries', async (event, call) => {
      const { num } = await readParams(event, stepNumParams);
      call.target = { type: 'stepMail', id: String(num) };
      const { rows, total } = await listDeliveries(ctx.database.db, num);
      const data: { rows: StepMailDelivery[]; total: number } = {
        total,
        rows: rows.map((row) => {
          const { status, at } = deliveryOf(row);
          return { memberEmail: row.closed ? null : row.email, sentAt: at, status };
        }),
      };
      return { status: 'success', data };
    }),
  );
}
