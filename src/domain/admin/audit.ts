import * as v from 'valibot';
import { pageParam } from './paging.ts';

/**
 * The admin audit log (product decision 24): what the console lists and filters. Every admin API route
 * and every admin sign-in writes one entry. A new action is added here (and its label under
 * `audit.action.` in src/i18n/ja/admin.ts); the database stores it as text.
 */
export const auditActions = [
  'signIn',
  'securityView',
  'twoFactorSetup',
  'twoFactorEnable',
  'twoFactorDisable',
  'recoveryCodesRegenerate',
  'memberSearch',
  'memberView',
  'accountCreate',
  'announcementList',
  'announcementCreate',
  'announcementUpdate',
  'announcementMail',
  'auditLogView',
  'supportTicketSearch',
  'supportTicketView',
  'supportTicketStatus',
  'supportTicketReply',
  'supportTicketAssign',
  'supportTicketNote',
  'supportAttachmentUpload',
  'supportAttachmentView',
  'supportStaffList',
  'supportRefusedMailList',
  'cannedReplyList',
  'cannedReplyCreate',
  'cannedReplyUpdate',
  'cannedReplyDelete',
  'subscriptionShipped',
  'subscriptionDeviceReturned',
  'massMailPreview',
  'massMailTest',
  'massMailSend',
  'massMailList',
  'massMailView',
  'stepMailList',
  'stepMailCreate',
  'stepMailUpdate',
  'stepMailDelete',
  'stepMailUpload',
  'stepMailDeliveries',
  'massMailPause',
  'massMailResume',
  'massMailCancel',
  'staffList',
  'staffUpdate',
  'metricsView',
  'exportMembers',
  'exportCharges',
  'exportRefunds',
  'suppressionList',
  'suppressionLift',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditOutcomeValues = ['success', 'failure', 'denied'] as const;
export type AuditOutcomeValue = (typeof auditOutcomeValues)[number];

export const AUDIT_PAGE_SIZE = 50;

const dateParam = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.isoDate('badRequest'))], 'badRequest'), '');

/** GET /api/v2/admin/audit-log?page=&action=&outcome=&actor=&target=&from=&to= (dates YYYY-MM-DD, Japan time). */
export const auditQuerySchema = v.object({
  page: pageParam,
  action: v.optional(v.union([v.literal(''), v.picklist(auditActions)], 'badRequest'), ''),
  outcome: v.optional(v.union([v.literal(''), v.picklist(auditOutcomeValues)], 'badRequest'), ''),
  /** Part of the actor's email. */
  actor: v.optional(v.pipe(v.string('badRequest'), v.trim(), v.maxLength(254, 'tooLong')), ''),
  /** The target's id or part of its label (an email, a title). */
  target: v.optional(v.pipe(v.string('badRequest'), v.trim(), v.maxLength(254, 'tooLong')), ''),
  from: dateParam,
  to: dateParam,
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

export interface AuditTarget {
  type: string;
  id: string;
  label?: string | null;
}

/** One entry as the API answers it. */
export interface AuditRow {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  target: AuditTarget | null;
  ip: string;
  outcome: AuditOutcomeValue;
  errorCode: string | null;
  before: unknown;
  after: unknown;
}

/** Whether a string is a known action (the console labels those, and shows others as they are). */
export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}
