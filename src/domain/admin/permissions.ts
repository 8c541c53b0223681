import type { AuditAction } from './audit.ts';

/**
 * Console roles (product decision 32): the one table of who may do what. The API's guard
 * (api/features/audit/admin-route.ts) refuses a call outside the caller's role with 403 and an
 * audit entry; the console hides the sections the role cannot open (src/islands/admin/sections.ts).
 */
export const consoleRoles = ['owner', 'support', 'billing', 'marketing'] as const;
export type ConsoleRole = (typeof consoleRoles)[number];

export const permissions = [
  /** Own security settings (second factor): every console account. */
  'security.self',
  'members.read',
  /** Create accounts (test accounts and live ones). */
  'members.write',
  /** Shipped and returned devices, subscriptions, refunds. */
  'billing.manage',
  'support.desk',
  'mail.mass',
  'mail.step',
  'announcements.manage',
  'metrics.read',
  'exports.members',
  'exports.billing',
  'suppressions.manage',
  'audit.read',
  'staff.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** The table: a role may do what its row lists; the owner may do everything. */
export const rolePermissions: Record<ConsoleRole, readonly Permission[]> = {
  owner: permissions,
  support: ['security.self', 'members.read', 'support.desk', 'suppressions.manage'],
  billing: ['security.self', 'members.read', 'members.write', 'billing.manage', 'metrics.read', 'exports.members', 'exports.billing'],
  marketing: ['security.self', 'mail.mass', 'mail.step', 'announcements.manage', 'metrics.read', 'suppressions.manage'],
};

/** May this role do this? No role (a member, a removed staff account): nothing. */
export function can(role: ConsoleRole | null | undefined, permission: Permission): boolean {
  return role ? rolePermissions[role].includes(permission) : false;
}

/**
 * The permission each admin action needs: every admin route names its action, so a route with a
 * new action does not compile until its permission is written here.
 */
export const actionPermissions: Record<AuditAction, Permission> = {
  signIn: 'security.self',
  securityView: 'security.self',
  twoFactorSetup: 'security.self',
  twoFactorEnable: 'security.self',
  twoFactorDisable: 'security.self',
  recoveryCodesRegenerate: 'security.self',
  memberSearch: 'members.read',
  memberView: 'members.read',
  accountCreate: 'members.write',
  announcementList: 'announcements.manage',
  announcementCreate: 'announcements.manage',
  announcementUpdate: 'announcements.manage',
  announcementMail: 'announcements.manage',
  auditLogView: 'audit.read',
  supportTicketSearch: 'support.desk',
  supportTicketView: 'support.desk',
  supportTicketStatus: 'support.desk',
  supportTicketReply: 'support.desk',
  supportTicketAssign: 'support.desk',
  supportTicketNote: 'support.desk',
  supportAttachmentUpload: 'support.desk',
  supportAttachmentView: 'support.desk',
  supportStaffList: 'support.desk',
  supportRefusedMailList: 'support.desk',
  cannedReplyList: 'support.desk',
  cannedReplyCreate: 'support.desk',
  cannedReplyUpdate: 'support.desk',
  cannedReplyDelete: 'support.desk',
  subscriptionShipped: 'billing.manage',
  subscriptionDeviceReturned: 'billing.manage',
  massMailPreview: 'mail.mass',
  massMailTest: 'mail.mass',
  massMailSend: 'mail.mass',
  massMailList: 'mail.mass',
  massMailView: 'mail.mass',
  massMailPause: 'mail.mass',
  massMailResume: 'mail.mass',
  massMailCancel: 'mail.mass',
  stepMailList: 'mail.step',
  stepMailCreate: 'mail.step',
  stepMailUpdate: 'mail.step',
  stepMailDelete: 'mail.step',
  stepMailUpload: 'mail.step',
  stepMailDeliveries: 'mail.step',
  staffList: 'staff.manage',
  staffUpdate: 'staff.manage',
  metricsView: 'metrics.read',
  exportMembers: 'exports.members',
  exportCharges: 'exports.billing',
  exportRefunds: 'exports.billing',
  suppressionList: 'suppressions.manage',
  suppressionLift: 'suppressions.manage',
};

/** The permission an admin action needs. */
export function permissionFor(action: AuditAction): Permission {
  return actionPermissions[action];
}
