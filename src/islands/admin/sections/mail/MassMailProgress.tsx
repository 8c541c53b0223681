import { useEffect, useState } from 'react';
import type { DeliveryStatus } from '../../../../domain/mail/delivery.ts';
import { t } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { buttonClass, formatDateTime, LoadState, ScrollTable, TableHead, tdClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { DeliveryTable } from './DeliveryTable.tsx';

interface MassMailRow {
  id: string;
  title: string;
  status: 'scheduled' | 'sending' | 'paused' | 'cancelled' | 'done';
  sendAt: string | null;
  recipients: number;
  pending: number;
  queued: number;
  skipped: number;
  createdAt: string;
}
interface Recipients {
  total: number;
  rows: { email: string | null; status: DeliveryStatus; queuedAt: string | null; sentAt: string | null }[];
}

const statusLabel = (status: MassMailRow['status']) =>
  ({
    done: t('mail.status.done'),
    sending: t('mail.status.sending'),
    scheduled: t('admin.massMail.status.scheduled'),
    paused: t('admin.massMail.status.paused'),
    cancelled: t('admin.massMail.status.cancelled'),
  })[status];

/** Pause, resume, cancel (product decision 34): the buttons the mass mail's state allows. */
function MassMailControls({ row, onChanged }: { row: MassMailRow; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const verbs = [
    ...(row.status === 'sending' || row.status === 'scheduled' ? (['pause'] as const) : []),
    ...(row.status === 'paused' ? (['resume'] as const) : []),
    ...(row.status !== 'done' && row.status !== 'cancelled' ? (['cancel'] as const) : []),
  ];
  const run = async (verb: (typeof verbs)[number]) => {
    setBusy(true);
    try {
      await api(`/v2/admin/mail/${row.id}/${verb}`, { method: 'POST', body: {} });
      showEvent('massMailUpdated');
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  if (verbs.length === 0) return null;
  return (
    <span className="mt-1 flex gap-2">
      {verbs.map((verb) => (
        <button key={verb} type="button" className={buttonClass} disabled={busy} aria-label={`${row.title} ${t(`admin.massMail.${verb}`)}`} onClick={() => void run(verb)}>
          {t(`admin.massMail.${verb}`)}
        </button>
      ))}
    </span>
  );
}

const columns = ['mail.col.title', 'mail.col.createdAt', 'mail.col.status', 'mail.col.recipients', 'mail.col.queued', 'mail.col.skipped', 'mail.col.pending', 'mail.col.detail'] as const;

/** The mass mails sent, with their progress (refreshed while one is sending) and each recipient's status. */
export function MassMailProgress({ generation }: { generation: number }) {
  const list = useAdminData<MassMailRow[]>('/v2/admin/mail');
  const [open, setOpen] = useState<string | undefined>();
  const recipients = useAdminData<Recipients>(open ? `/v2/admin/mail/${open}/recipients` : null);
  const sending = list.data?.some((row) => row.status === 'sending') ?? false;
  const { reload } = list;
  useEffect(() => {
    if (generation > 0) reload();
  }, [generation, reload]);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [sending, reload]);

  return (
    <section aria-labelledby="mass-mail-history" className="space-y-3">
      <h2 id="mass-mail-history" className="font-bold text-brand-800">
        {t('mail.history')}
      </h2>
      <LoadState loading={list.loading && !list.data} error={list.error}>
        <ScrollTable label={t('mail.history')}>
          <table className="stack-table w-full">
            <TableHead columns={columns.map((key) => t(key))} />
            <tbody>
              {(list.data ?? []).map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className={`${tdClass} min-w-40 font-bold`} data-label={t('mail.col.title')}>
                    {row.title}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`} data-label={t('mail.col.createdAt')}>
                    {formatDateTime(row.createdAt)}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`} data-label={t('mail.col.status')}>
                    {statusLabel(row.status)}
                    {row.status === 'scheduled' && row.sendAt && <span className="block text-xs text-muted">{formatDateTime(row.sendAt)}</span>}
                    <MassMailControls row={row} onChanged={reload} />
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('mail.col.recipients')}>
                    {row.recipients}
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('mail.col.queued')}>
                    {row.queued}
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('mail.col.skipped')}>
                    {row.skipped}
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('mail.col.pending')}>
                    {row.pending}
                  </td>
                  <td className={tdClass}>
                    <button type="button" className={buttonClass} onClick={() => setOpen(open === row.id ? undefined : row.id)} aria-expanded={open === row.id}>
                      {t('mail.col.detail')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </LoadState>
      {open && (
        <LoadState loading={recipients.loading && !recipients.data} error={recipients.error}>
          <DeliveryTable label={t('mail.recipients')} rows={(recipients.data?.rows ?? []).map((row) => ({ email: row.email, status: row.status, at: row.sentAt }))} />
        </LoadState>
      )}
    </section>
  );
}
