import type { H3 } from 'h3';
import { FastResponse } from 'srvx';
import { accountDeletionSchema, emailChangeSchema, emailConfirmSchema, profileUpdateSchema, type ProfileReply } from '../../../src/domain/profile-schemas.ts';
import type { AppContext } from '../../context.ts';
import { readBody } from '../../lib/validation.ts';
import { clientAddress } from '../../lib/request.ts';
import { clearSessionCookies } from '../auth/cookies.ts';
import { requireSession } from '../auth/guard.ts';
import { billingHistoryOf, listSubscriptionViews } from '../billing/service.ts';
import { exportRowsOf, referralCountsOf } from './queries.ts';
import { closeAccount, confirmEmailChange, editProfile, profileOf, requestEmailChange } from './service.ts';

/** The member's own account (api-contract.md, "Member area"): profile, email, APPI export, closing. */
export function registerProfileRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/profile', async (event): Promise<ProfileReply> => {
    const session = await requireSession(event, ctx);
    return { status: 'success', data: await profileOf(ctx, session.accountId) };
  });

  app.put('/api/v2/profile', async (event): Promise<ProfileReply> => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, profileUpdateSchema);
    return { status: 'success', data: await editProfile(ctx, session.accountId, input, clientAddress(event, ctx.config)) };
  });

  app.post('/api/v2/profile/email', async (event) => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, emailChangeSchema);
    await requestEmailChange(ctx, session.accountId, input);
    return { status: 'success' };
  });

  // The link from the new address's mailbox: the token is the proof, whoever's browser opens it.
  app.post('/api/v2/profile/email/confirm', async (event) => {
    const input = await readBody(event, emailConfirmSchema);
    await confirmEmailChange(ctx, input.token);
    return { status: 'success' };
  });

  // APPI: everything stored about the member, as a JSON download.
  app.get('/api/v2/profile/export', async (event) => {
    const session = await requireSession(event, ctx);
    const [rows, subscriptions, billing, referrals] = await Promise.all([
      exportRowsOf(ctx.database.db, session.accountId),
      listSubscriptionViews(ctx, session.accountId),
      billingHistoryOf(ctx, session.accountId),
      referralCountsOf(ctx.database.db, session.accountId),
    ]);
    const exportedAt = ctx.clock.now();
    const body = JSON.stringify({ exportedAt: exportedAt.toISOString(), ...rows, subscriptions, billingHistory: billing, referrals }, null, 2);
    const day = exportedAt.toISOString().slice(0, 10).replaceAll('-', '');
    return new FastResponse(body, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="musio-my-data-${day}.json"`,
        'cache-control': 'private, no-store',
      },
    });
  });

  app.post('/api/v2/profile/deletion', async (event) => {
    const session = await requireSession(event, ctx);
    const input = await readBody(event, accountDeletionSchema);
    await closeAccount(ctx, session.accountId, input.password);
    clearSessionCookies(event, ctx.config);
    return { status: 'success' };
  });
}

