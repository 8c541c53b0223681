import type { AuditOutcomeValue } from '../../domain/admin/audit.ts';
import { isAuditAction, type AuditAction } from '../../domain/admin/audit.ts';
import { memberStatusLabels, type MemberStatusFilter } from '../../domain/admin/members.ts';
import { isMessageKey, t, type PlainKey } from '../../i18n/ja.ts';

/** Labels of the console's codes: plan statuses, audit actions and outcomes, mail statuses. */
export { memberStatusLabels as statusLabels };

/** How a plan status looks in the console: retrying (lessons continue) is not past due (lessons stopped; product decision 28). */
export function statusTone(status: MemberStatusFilter): 'neutral' | 'good' | 'warn' | 'bad' {
  if (status === 'pastDue') return 'bad';
  if (status === 'retrying') return 'warn';
  if (status === 'ended' || status === 'noPlan') return 'neutral';
  return 'good';
}

export const actionLabels: Record<AuditAction, PlainKey> = {
  signIn: 'admin.audit.action.signIn',
  securityView: 'admin.audit.action.securityView',
  twoFactorSetup: 'admin.audit.action.twoFactorSetup',
  twoFactorEnable: 'admin.audit.action.twoFactorEnable',
  twoFactorDisable: 'admin.audit.action.twoFactorDisable',
  recoveryCodesRegenerate: 'admin.audit.action.recoveryCodesRegenerate',
  memberSearch: 'admin.audit.action.memberSearch',
  memberView: 'admin.audit.action.memberView',
  accountCreate: 'admin.audit.action.accountCreate',
  announcementList: 'admin.audit.action.announcementList',
  announcementCreate: 'admin.audit.action.announcementCreate',
  announcementUpdate: 'admin.audit.action.announcementUpdate',
  announcementMail: 'admin.audit.action.announcementMail',
  auditLogView: 'admin.audit.action.auditLogView',
  supportTicketSearch: 'admin.audit.action.supportTicketSearch',
  supportTicketView: 'admin.audit.action.supportTicketView',
  supportTicketStatus: 'admin.audit.action.supportTicketStatus',
  supportTicketReply: 'admin.audit.action.supportTicketReply',
  supportTicketAssign: 'admin.audit.action.supportTicketAssign',
  supportTicketNote: 'admin.audit.action.supportTicketNote',
  supportAttachmentUpload: 'admin.audit.action.supportAttachmentUpload',
  supportAttachmentView: 'admin.audit.action.supportAttachmentView',
  supportStaffList: 'admin.audit.action.supportStaffList',
  supportRefusedMailList: 'admin.audit.action.supportRefusedMailList',
  cannedReplyList: 'admin.audit.action.cannedReplyList',
  cannedReplyCreate: 'admin.audit.action.cannedReplyCreate',
  cannedReplyUpdate: 'admin.audit.action.cannedReplyUpdate',
  cannedReplyDelete: 'admin.audit.action.cannedReplyDelete',
  subscriptionShipped: 'admin.audit.action.subscriptionShipped',
  subscriptionDeviceReturned: 'admin.audit.action.subscriptionDeviceReturned',
  massMailPreview: 'admin.audit.action.massMailPreview',
  massMailTest: 'admin.audit.action.massMailTest',
  massMailSend: 'admin.audit.action.massMailSend',
  massMailList: 'admin.audit.action.massMailList',
  massMailView: 'admin.audit.action.massMailView',
  stepMailList: 'admin.audit.action.stepMailList',
  stepMailCreate: 'admin.audit.action.stepMailCreate',
  stepMailUpdate: 'admin.audit.action.stepMailUpdate',
  stepMailDelete: 'admin.audit.action.stepMailDelete',
  stepMailUpload: 'admin.audit.action.stepMailUpload',
  stepMailDeliveries: 'admin.audit.action.stepMailDeliveries',
  massMailPause: 'admin.audit.action.massMailPause',
  massMailResume: 'admin.audit.action.massMailResume',
  massMailCancel: 'admin.audit.action.massMailCancel',
  staffList: 'admin.audit.action.staffList',
  staffUpdate: 'admin.audit.action.staffUpdate',
  metricsView: 'admin.audit.action.metricsView',
  exportMembers: 'admin.audit.action.exportMembers',
  exportCharges: 'admin.audit.action.exportCharges',
  exportRefunds: 'admin.audit.action.exportRefunds',
  suppressionList: 'admin.audit.action.suppressionList',
  suppressionLift: 'admin.audit.action.suppressionLift',
};

export const outcomeLabels: Record<AuditOutcomeValue, PlainKey> = {
  success: 'admin.audit.outcome.success',
  failure: 'admin.audit.outcome.failure',
  denied: 'admin.audit.outcome.denied',
};

export const mailStatusLabels: Record<'queued' | 'sent' | 'kept' | 'failed' | 'held', PlainKey> = {
  queued: 'admin.mailStatus.queued',
  sent: 'admin.mailStatus.sent',
  kept: 'admin.mailStatus.kept',
  failed: 'admin.mailStatus.failed',
  held: 'admin.mailStatus.held',
};

export const orderStatusLabels: Record<'pending' | 'completed' | 'failed' | 'cancelled' | 'expired', PlainKey> = {
  pending: 'admin.orderStatus.pending',
  completed: 'admin.orderStatus.completed',
  failed: 'admin.orderStatus.failed',
  cancelled: 'admin.orderStatus.cancelled',
  expired: 'admin.orderStatus.expired',
};

/** An action's label; one added by a later feature without a label shows as its code. */
export function actionLabel(action: string): string {
  return isAuditAction(action) ? t(actionLabels[action]) : action;
}

/** The text of an error code kept in the audit log. */
export function errorCodeLabel(code: string | null): string {
  if (!code) return '';
  return isMessageKey(code) ? t(code) : code;
}

export const consentSourceLabels: Record<'signup' | 'profile' | 'unsubscribe' | 'admin' | 'seed', PlainKey> = {
  signup: 'admin.consentSource.signup',
  profile: 'admin.consentSource.profile',
  unsubscribe: 'admin.consentSource.unsubscribe',
  admin: 'admin.consentSource.admin',
  seed: 'admin.consentSource.seed',
};

/** Where a consent change came from, in words (an unknown source shows as its code). */
export function consentSourceLabel(source: string): string {
  return Object.hasOwn(consentSourceLabels, source) ? t(consentSourceLabels[source as keyof typeof consentSourceLabels]) : source;
}
