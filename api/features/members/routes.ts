import type { H3 } from 'h3';
import { createAccountSchema } from '../../../src/domain/admin/accounts.ts';
import { memberSearchSchema } from '../../../src/domain/admin/members.ts';
import { idParams } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams, readQuery } from '../../lib/validation.ts';
import { adminRoute } from '../audit/admin-route.ts';
import { createAccountByAdmin, getMemberDetail, searchMembers } from './service.ts';

/** Members in the admin console, and Add Account (api-contract "Admin"). */
export function registerMemberRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/members',
    adminRoute(ctx, 'memberSearch', async (event, call) => {
      const search = await readQuery(event, memberSearchSchema);
      call.after = { query: search };
      return { status: 'success', data: await searchMembers(ctx, search) };
    }),
  );

  app.get(
    '/api/v2/admin/members/:id',
    adminRoute(ctx, 'memberView', async (event, call) => {
      const { id } = await readParams(event, idParams);
      call.target = { type: 'account', id };
      const detail = await getMemberDetail(ctx, id);
      call.target = { type: 'account', id, label: detail.profile.email };
      return { status: 'success', data: detail };
    }),
  );

  app.post(
    '/api/v2/admin/accounts',
    adminRoute(ctx, 'accountCreate', async (event, call) => {
      const input = await readBody(event, createAccountSchema);
      call.target = { type: 'account', id: input.email, label: input.email };
      // The entry commits with the account, from the validated input (never the raw body).
      const created = await createAccountByAdmin(ctx, input, (account, tx) => {
        call.target = { type: 'account', id: account.id, label: account.email };
        call.after = { email: account.email, lastName: input.lastName, firstName: input.firstName, birthday: input.birthday, stage: input.stage };
        return call.recordIn(tx);
      });
      return { status: 'success', data: created };
    }),
  );
}
