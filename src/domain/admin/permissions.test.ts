import { describe, expect, it } from 'vitest';
import { auditActions } from './audit.ts';
import { removesLastOwner } from './staff.ts';
import { actionPermissions, can, consoleRoles, permissions, type ConsoleRole, type Permission } from './permissions.ts';

/**
 * Product decision 32, row by row: owner everything; support the desk and members read-only;
 * billing members, subscriptions, refunds; marketing mass mail, step mails, announcements.
 * O = owner, S = support, B = billing, M = marketing.
 */
const expected: Record<Permission, string> = {
  'security.self': 'OSBM',
  'members.read': 'OSB',
  'members.write': 'OB',
  'billing.manage': 'OB',
  'support.desk': 'OS',
  'mail.mass': 'OM',
  'mail.step': 'OM',
  'announcements.manage': 'OM',
  'metrics.read': 'OBM',
  'exports.members': 'OB',
  'exports.billing': 'OB',
  'suppressions.manage': 'OSM',
  'audit.read': 'O',
  'staff.manage': 'O',
};
const letter: Record<ConsoleRole, string> = { owner: 'O', support: 'S', billing: 'B', marketing: 'M' };

describe('the console role table', () => {
  const rows = permissions.flatMap((permission) => consoleRoles.map((role) => [permission, role, expected[permission].includes(letter[role])] as const));
  it.each(rows)('%s for %s: %s', (permission, role, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });

  it('gives nothing to an account without a console role', () => {
    for (const permission of permissions) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('names a known permission for every admin action', () => {
    for (const action of auditActions) expect(permissions).toContain(actionPermissions[action]);
  });

  it('keeps support away from payments and mail, marketing away from members', () => {
    expect(can('support', 'billing.manage')).toBe(false);
    expect(can('support', 'mail.mass')).toBe(false);
    expect(can('marketing', 'members.read')).toBe(false);
    expect(can('billing', 'support.desk')).toBe(false);
  });
});

describe('removesLastOwner', () => {
  it.each([
    [1, 'owner', 'support', true],
    [1, 'owner', 'none', true],
    [1, 'owner', 'owner', false],
    [2, 'owner', 'none', false],
    [1, 'support', 'none', false],
    [1, null, 'owner', false],
  ] as const)('%i owners, %s → %s: %s', (owners, current, next, expected) => {
    expect(removesLastOwner(owners, current, next)).toBe(expected);
  });
});
