import type { MailDelivery, TicketStatus } from '../../../domain/support-schemas.ts';
import type { PlainKey } from '../../../i18n/ja.ts';

/** 2026/11/20 14:05, Japan time. */
export { formatNumericDateTime as formatDateTime } from '../../../domain/format-date.ts';

export const statusLabel: Record<TicketStatus, PlainKey> = {
  open: 'inbox.status.open',
  pending: 'inbox.status.pending',
  resolved: 'inbox.status.resolved',
};

export const statusBadgeClass: Record<TicketStatus, string> = {
  open: 'bg-red-50 text-red-800 ring-red-200',
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  resolved: 'bg-brand-50 text-brand-800 ring-brand-200',
};

export const mailLabel: Record<MailDelivery, PlainKey> = {
  queued: 'inbox.mail.queued',
  sent: 'inbox.mail.sent',
  kept: 'inbox.mail.kept',
  failed: 'inbox.mail.failed',
  held: 'admin.mailStatus.held',
};
