import * as v from 'valibot';
import { signUpEmailSchema } from '../auth-schemas.ts';
import { consoleRoles, type ConsoleRole } from './permissions.ts';

/** The staff screen (product decision 32): owners grant, change and remove console roles. */
export const staffRoleChoices = [...consoleRoles, 'none'] as const;
export type StaffRoleChoice = (typeof staffRoleChoices)[number];

/** PUT /api/v2/admin/staff/{accountId} */
export const staffRoleSchema = v.object({ role: v.picklist(staffRoleChoices, 'badRequest') });

/** POST /api/v2/admin/staff: an existing account joins the staff with a role. */
export const addStaffSchema = v.object({ email: signUpEmailSchema, role: v.picklist(consoleRoles, 'badRequest') });

export interface StaffRow {
  accountId: string;
  email: string;
  name: string;
  role: ConsoleRole;
  /** An owner by ADMIN_EMAILS: the screen cannot change it. */
  fromConfig: boolean;
}

/**
 * Whether a change would leave the console without an owner: the account is an owner now, it
 * would not be one after, and it is the only one.
 */
export function removesLastOwner(owners: number, current: ConsoleRole | null, next: StaffRoleChoice): boolean {
  return current === 'owner' && next !== 'owner' && owners <= 1;
}
