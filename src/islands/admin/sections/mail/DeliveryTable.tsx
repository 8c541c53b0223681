import type { DeliveryStatus } from '../../../../domain/mail/delivery.ts';
import { t } from '../../../../i18n/ja.ts';
import { formatDateTime, ScrollTable, TableHead, tdClass } from '../../ui.tsx';

export interface DeliveryRow {
  /** null: a member who has closed the account. */
  email: string | null;
  status: DeliveryStatus;
  /** When it was sent (or, not yet sent, handed to the outbox). */
  at: string | null;
}

const statusLabel = {
  pending: 'mail.delivery.pending',
  queued: 'mail.delivery.queued',
  sent: 'mail.delivery.sent',
  kept: 'mail.delivery.kept',
  failed: 'mail.delivery.failed',
  skipped: 'mail.delivery.skipped',
  held: 'mail.delivery.held',
} as const satisfies Record<DeliveryStatus, string>;

/** Who a mail went to and how it went: a mass mail's recipients and a step mail's delivery log. */
export function DeliveryTable({ label, rows }: { label: string; rows: readonly DeliveryRow[] }) {
  return (
    <ScrollTable label={label}>
      <table className="stack-table w-full">
        <TableHead columns={[t('mail.col.email'), t('mail.col.status'), t('mail.col.sentAt')]} />
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.email ?? `closed-${index}`} className="border-t border-slate-100">
              <td className={`${tdClass} break-all`} data-label={t('mail.col.email')}>
                {row.email ?? <span className="text-muted">{t('mail.delivery.closedMember')}</span>}
              </td>
              <td className={tdClass} data-label={t('mail.col.status')}>
                {t(statusLabel[row.status])}
              </td>
              <td className={`${tdClass} whitespace-nowrap`} data-label={t('mail.col.sentAt')}>
                {formatDateTime(row.at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
