import type { H3 } from 'h3';
import { twoFactorCodeSchema } from '../../../src/domain/admin/two-factor.ts';
import type { AppContext } from '../../context.ts';
import { readBody } from '../../lib/validation.ts';
import { adminRoute, type AdminCall } from '../audit/admin-route.ts';
import { confirmTwoFactorSetup, disableTwoFactor, getTwoFactorStatus, regenerateRecoveryCodes, startTwoFactorSetup } from './service.ts';

/** The admin's own second factor (product decision 24). Enrolment stays open under ADMIN_REQUIRE_2FA. */
const self = (call: AdminCall) => ({ type: 'account', id: call.session.accountId, label: call.session.email });

export function registerTwoFactorRoutes(app: H3, ctx: AppContext): void {
  const open = { withoutSecondFactor: true };

  // Read at every console load: refusals are recorded, successful reads are not (see AdminRouteOptions).
  app.get(
    '/api/v2/admin/two-factor',
    adminRoute(ctx, 'securityView', async (_event, call) => ({ status: 'success', data: await getTwoFactorStatus(ctx, call.session) }), { ...open, recordSuccess: false }),
  );

  app.post(
    '/api/v2/admin/two-factor/setup',
    adminRoute(
      ctx,
      'twoFactorSetup',
      async (_event, call) => {
        call.target = self(call);
        return { status: 'success', data: await startTwoFactorSetup(ctx, call.session, (_, tx) => call.recordIn(tx)) };
      },
      open,
    ),
  );

  app.post(
    '/api/v2/admin/two-factor/confirm',
    adminRoute(
      ctx,
      'twoFactorEnable',
      async (event, call) => {
        call.target = self(call);
        const { code } = await readBody(event, twoFactorCodeSchema);
        return { status: 'success', data: await confirmTwoFactorSetup(ctx, call.session, code, (_, tx) => call.recordIn(tx)) };
      },
      open,
    ),
  );

  app.post(
    '/api/v2/admin/two-factor/recovery-codes',
    adminRoute(ctx, 'recoveryCodesRegenerate', async (event, call) => {
      call.target = self(call);
      const { code } = await readBody(event, twoFactorCodeSchema);
      return { status: 'success', data: await regenerateRecoveryCodes(ctx, call.session, code, (_, tx) => call.recordIn(tx)) };
    }),
  );

  app.post(
    '/api/v2/admin/two-factor/disable',
    adminRoute(ctx, 'twoFactorDisable', async (event, call) => {
      call.target = self(call);
      const { code } = await readBody(event, twoFactorCodeSchema);
      await disableTwoFactor(ctx, call.session, code, (_, tx) => call.recordIn(tx));
      return { status: 'success' };
    }),
  );
}
