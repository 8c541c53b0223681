import { useState } from 'react';
import { HTML_OMITTED, STEP_PAGE_SIZE, type StepMailDelivery, type StepMailItem } from '../../../../domain/mail/step-mails.ts';
import { t, tf } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import type { AdminSectionProps } from '../../sections.ts';
import { buttonClass, LoadState, Pagination, primaryButtonClass, ScrollTable, TableHead, tdClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { DeliveryTable } from './DeliveryTable.tsx';
import { StepMailDialog } from './StepMailDialog.tsx';

/** Step mails (spec §2; product decisions 8, 21): the table 20 a page, add and edit dialogs, delete, and each step's delivery log. */
export default function SettingStepSection({ search }: AdminSectionProps) {
  const page = Math.max(1, Number(new URLSearchParams(search).get('page')) || 1);
  const list = useAdminData<{ Items: StepMailItem[] }>('/v2/admin/step-mails');
  const items = list.data?.Items ?? [];
  const [editing, setEditing] = useState<StepMailItem | 'new' | undefined>();
  const [deleting, setDeleting] = useState<StepMailItem | undefined>();
  const [logOf, setLogOf] = useState<number | undefined>();
  const log = useAdminData<{ rows: StepMailDelivery[]; total: number }>(logOf ? `/v2/admin/step-mails/${logOf}/deliveries` : null);
  const shown = items.slice((page - 1) * STEP_PAGE_SIZE, page * STEP_PAGE_SIZE);

  const remove = async (step: StepMailItem) => {
    try {
      await api('/v2/admin/step-mails', { method: 'DELETE', body: { num: step.num, time: step.time } });
      showEvent('stepMailDeleted');
    } catch (error) {
      showError(errorKeyOf(error));
    }
    setDeleting(undefined);
    list.reload();
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{t('step.note')}</p>
      <button type="button" className={primaryButtonClass} onClick={() => setEditing('new')}>
        {t('step.add')}
      </button>
      <LoadState loading={list.loading && !list.data} error={list.error}>
        <ScrollTable label={t('admin.nav.settingStep')}>
          <table className="stack-table w-full">
            <TableHead
              columns={(['step.col.num', 'step.col.title', 'step.col.date', 'step.col.time', 'step.col.content', 'step.col.file', 'step.col.sent', 'step.col.actions'] as const).map((key) => t(key))}
            />
            <tbody>
              {shown.map((step) => (
                <tr key={step.num} className="border-t border-slate-100">
                  <td className={`${tdClass} tabular-nums`} data-label={t('step.col.num')}>
                    {step.num}
                  </td>
                  <td className={`${tdClass} min-w-40 font-bold`} data-label={t('step.col.title')}>
                    {step.title}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`} data-label={t('step.col.date')}>
                    {tf('step.days', { n: step.date })}
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('step.col.time')}>
                    {step.time}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`} lang="en" data-label={t('step.col.content')}>
                    {HTML_OMITTED}
                  </td>
                  <td className={`${tdClass} break-all`} data-label={t('step.col.file')}>
                    {step.fileName ?? t('common.none')}
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('step.col.sent')}>
                    {step.sent}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <div className="flex gap-2">
                      <button type="button" className={buttonClass} onClick={() => setEditing(step)} aria-label={tf('step.editOf', { title: step.title })}>
                        {t('step.edit')}
                      </button>
                      <button type="button" className={buttonClass} onClick={() => setDeleting(step)} aria-label={tf('step.deleteOf', { title: step.title })}>
                        {t('step.delete')}
                      </button>
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() => setLogOf(logOf === step.num ? undefined : step.num)}
                        aria-expanded={logOf === step.num}
                        aria-label={tf('step.logOf', { title: step.title })}
                      >
                        {t('step.log')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
        <Pagination page={page} pageSize={STEP_PAGE_SIZE} total={items.length} hrefFor={(n) => `/admin/settingStep?page=${n}`} />
      </LoadState>
      {logOf && (
        <section aria-labelledby="step-log" className="space-y-2">
          <h2 id="step-log" className="font-bold text-brand-800">
            {tf('step.logTitle', { num: logOf })}
          </h2>
          <LoadState loading={log.loading && !log.data} error={log.error}>
            <DeliveryTable label={tf('step.logTitle', { num: logOf })} rows={(log.data?.rows ?? []).map((row) => ({ email: row.memberEmail, status: row.status, at: row.sentAt }))} />
          </LoadState>
        </section>
      )}
      {editing && (
        <StepMailDialog
          step={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            showEvent('stepMailSaved');
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog title={t('step.deleteTitle')} confirmLabel={t('step.delete')} onConfirm={() => remove(deleting)} onClose={() => setDeleting(undefined)}>
          <p>{tf('step.deleteBody', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
