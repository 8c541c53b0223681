import { useState } from 'react';
import type { SuppressionRow } from '../../../../domain/mail/suppression.ts';
import { t } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import type { AdminSectionProps } from '../../sections.ts';
import { buttonClass, formatDateTime, LoadState, ScrollTable, TableHead, tdClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';

/** Suppressed addresses (product decision 34): why, the reports, the held service mail; lifting one. */
export default function SuppressionsSection(_props: AdminSectionProps) {
  const list = useAdminData<SuppressionRow[]>('/v2/admin/suppressions');
  const [lifting, setLifting] = useState<SuppressionRow | null>(null);

  const lift = async (row: SuppressionRow) => {
    try {
      const reply = await api<{ data: SuppressionRow[] }>(`/v2/admin/suppressions/${encodeURIComponent(row.email)}`, { method: 'DELETE' });
      list.replace(reply.data);
      showEvent('suppressionLifted');
    } catch (error) {
      showError(errorKeyOf(error));
    }
  };

  return (
    <div className="space-y-4">
      <LoadState loading={list.loading && !list.data} error={list.error}>
        {list.data?.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.suppressions.empty')}</p>
        ) : (
          <ScrollTable label={t('admin.suppressions.heading')}>
            <table className="w-full min-w-[48rem]">
              <TableHead columns={[t('admin.suppressions.email'), t('admin.suppressions.reason'), t('admin.suppressions.since'), t('admin.suppressions.reports'), t('admin.suppressions.held'), '']} />
              <tbody>
                {list.data?.map((row) => (
                  <tr key={row.email} className="border-b border-brand-50 last:border-0">
                    <td className={tdClass}>{row.email}</td>
                    <td className={tdClass}>{t(`admin.suppressions.reason.${row.reason}`)}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(row.suppressedAt)}</td>
                    <td className={tdClass}>
                      <ul>
                        {row.bounces.map((bounce, index) => (
                          <li key={index} className="whitespace-nowrap">
                            {t(`admin.suppressions.kind.${bounce.kind}`)}（{formatDateTime(bounce.at)}）
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={tdClass}>
                      <ul>
                        {row.heldMails.map((mail) => (
                          <li key={mail.id}>{mail.subject}</li>
                        ))}
                      </ul>
                    </td>
                    <td className={tdClass}>
                      <button type="button" className={buttonClass} aria-label={`${row.email} ${t('admin.suppressions.lift')}`} onClick={() => setLifting(row)}>
                        {t('admin.suppressions.lift')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </LoadState>
      {lifting && (
        <ConfirmDialog
          title={t('admin.suppressions.lift')}
          confirmLabel={t('admin.suppressions.lift')}
          onClose={() => setLifting(null)}
          onConfirm={async () => {
            await lift(lifting);
            setLifting(null);
          }}
        >
          <p>{lifting.email}</p>
          <p>{t('admin.suppressions.liftConfirm')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
