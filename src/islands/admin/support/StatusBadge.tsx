import type { TicketStatus } from '../../../domain/support-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { statusBadgeClass, statusLabel } from './format.ts';

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${statusBadgeClass[status]}`}>{t(statusLabel[status])}</span>;
}
