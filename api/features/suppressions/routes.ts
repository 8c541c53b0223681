import type { H3 } from 'h3';
import * as v from 'valibot';
import { bounceBodySchema } from '../../../src/domain/mail/suppression.ts';
import { lookupIdParams } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { findMailForBounce } from '../mail/outbox.ts';
import { liftSuppression, listSuppressions, recordBounce } from './service.ts';

const emailParams = v.object({ email: v.pipe(v.string('notFound'), v.trim(), v.toLowerCase(), v.maxLength(254, 'notFound')) });

/** The suppression list in the console (api-contract "suppressions"; product decision 34). */
export function registerSuppressionRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/suppressions',
    adminRoute(ctx, 'suppressionList', async () => ({ status: 'success', data: await listSuppressions(ctx) })),
  );

  app.delete(
    '/api/v2/admin/suppressions/:email',
    adminRoute(ctx, 'suppressionLift', async (event, call) => {
      const { email } = await readParams(event, emailParams);
      call.target = { type: 'email', id: email, label: email };
      await liftSuppression(ctx, email, (lifted, tx) => {
        call.before = { reason: lifted.reason };
        call.after = { releasedMails: lifted.released };
        return call.recordIn(tx);
      });
      return { status: 'success', data: await listSuppressions(ctx) };
    }),
  );
}

/** Development only: an outbox mail bounces, as a provider would report it (api-contract, development rows). */
export function registerDevBounceRoutes(app: H3, ctx: AppContext): void {
  app.post('/dev/mailbox/:id/bounce', async (event) => {
    const { id } = await readParams(event, lookupIdParams);
    const { kind } = await readBody(event, bounceBodySchema);
    const mail = await findMailForBounce(ctx, id);
    const { suppressed } = await recordBounce(ctx, { address: mail.toAddress, kind, source: 'dev-mailbox', mailId: mail.id });
    return { status: 'success', data: { email: mail.toAddress, kind, suppressed } };
  });
}
