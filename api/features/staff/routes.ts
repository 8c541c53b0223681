import type { H3 } from 'h3';
import * as v from 'valibot';
import { addStaffSchema, staffRoleSchema } from '../../../src/domain/admin/staff.ts';
import { entityId } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { adminRoute, type AdminCall } from '../audit/admin-route.ts';
import { changeStaffRole, listStaff, type RoleChange } from './service.ts';

const accountParams = v.object({ accountId: entityId });

/** The change and its audit entry commit together. */
function recordChange(call: AdminCall) {
  return (change: RoleChange, tx: Parameters<AdminCall['recordIn']>[0]) => {
    call.target = { type: 'account', id: change.accountId, label: change.email };
    call.before = { role: change.before };
    call.after = { role: change.after };
    return call.recordIn(tx);
  };
}

/** Staff and roles (api-contract "staff and roles"; product decision 32): owners only. */
export function registerStaffRoutes(app: H3, ctx: AppContext): void {
  app.get(
    '/api/v2/admin/staff',
    adminRoute(ctx, 'staffList', async () => ({ status: 'success', data: await listStaff(ctx) })),
  );

  app.post(
    '/api/v2/admin/staff',
    adminRoute(ctx, 'staffUpdate', async (event, call) => {
      const { email, role } = await readBody(event, addStaffSchema);
      call.target = { type: 'account', id: email, label: email };
      await changeStaffRole(ctx, { email }, role, recordChange(call));
      return { status: 'success', data: await listStaff(ctx) };
    }),
  );

  app.put(
    '/api/v2/admin/staff/:accountId',
    adminRoute(ctx, 'staffUpdate', async (event, call) => {
      const { accountId } = await readParams(event, accountParams);
      call.target = { type: 'account', id: accountId };
      const { role } = await readBody(event, staffRoleSchema);
      await changeStaffRole(ctx, { id: accountId }, role, recordChange(call));
      return { status: 'success', data: await listStaff(ctx) };
    }),
  );
}
