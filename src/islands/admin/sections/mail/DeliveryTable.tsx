import { t } from '../../../../i18n/ja.ts';
import { formatDateTime, ScrollTable, TableHead, tdClass } from '../../ui.tsx';

export interface DeliveryRow {
  email: string;
  status: string;
  /** When it was sent (or, not yet sent, queued). */
  at: string | null;
}

/** Who a mail went to and how it went: a mass mail's recipients and a step mail's delivery log. */
export function DeliveryTable({ label, rows }: { label: string; rows: readonly DeliveryRow[] }) {
  return (
    <ScrollTable label={label}>
      <table className="w-full">
        <TableHead columns={[t('mail.col.email'), t('mail.col.status'), t('mail.col.sentAt')]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.email} className="border-t border-slate-100">
              <td className={tdClass}>{row.email}</td>
              <td className={tdClass}>{row.status}</td>
              <td className={tdClass}>{formatDateTime(row.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
