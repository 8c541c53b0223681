import { Fragment, useState } from 'react';
import type { AuditRow } from '../../../../domain/admin/audit.ts';
import { t, tf, type PlainKey } from '../../../../i18n/ja.ts';
import { actionLabel, errorCodeLabel, outcomeLabels } from '../../labels.ts';
import { Badge, ExpandButton, formatDateTime, ScrollTable, TableHead, tdClass } from '../../ui.tsx';

const outcomeTone = { success: 'good', failure: 'bad', denied: 'bad' } as const;

const columns: PlainKey[] = [
  'admin.audit.column.at',
  'admin.audit.column.actor',
  'admin.audit.column.action',
  'admin.audit.column.target',
  'admin.audit.column.ip',
  'admin.audit.column.outcome',
  'admin.audit.column.details',
];

/** Audit entries: when, who, what, on which record, from where, how it ended; changes on demand. */
export function AuditTable({ rows, label }: { rows: AuditRow[]; label: string }) {
  const [open, setOpen] = useState<number | undefined>();
  if (rows.length === 0) return <p className="rounded-xl bg-white px-5 py-4 text-sm ring-1 ring-brand-100">{t('admin.audit.empty')}</p>;
  return (
    <ScrollTable label={label}>
      <table className="stack-table w-full border-collapse sm:min-w-[56rem]">
        <TableHead columns={columns.map((key) => t(key))} />
        <tbody>
          {rows.map((row) => {
            const expanded = open === row.id;
            const hasDetails = row.before !== null || row.after !== null || row.errorCode !== null;
            return (
              <Fragment key={row.id}>
                <tr className="border-b border-brand-100">
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`} data-label={t('admin.audit.column.at')}>
                    {formatDateTime(row.at)}
                  </td>
                  <td className={`${tdClass} break-all sm:min-w-48`} data-label={t('admin.audit.column.actor')}>
                    {row.actorEmail ?? t('common.none')}
                  </td>
                  <td className={`${tdClass} sm:whitespace-nowrap`} data-label={t('admin.audit.column.action')}>
                    {actionLabel(row.action)}
                  </td>
                  <td className={`${tdClass} sm:min-w-48`} data-label={t('admin.audit.column.target')}>
                    {row.target ? (row.target.label ?? row.target.id) : t('common.none')}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`} data-label={t('admin.audit.column.ip')}>
                    {row.ip}
                  </td>
                  <td className={tdClass} data-label={t('admin.audit.column.outcome')}>
                    <Badge tone={outcomeTone[row.outcome]}>{t(outcomeLabels[row.outcome])}</Badge>
                  </td>
                  <td className={tdClass}>
                    {hasDetails && (
                      <ExpandButton
                        expanded={expanded}
                        controls={`audit-details-${row.id}`}
                        onClick={() => setOpen(expanded ? undefined : row.id)}
                        rowLabel={tf('admin.audit.ofEntry', { id: row.id })}
                      >
                        {t(expanded ? 'admin.audit.hideDetails' : 'admin.audit.showDetails')}
                      </ExpandButton>
                    )}
                  </td>
                </tr>
                {hasDetails && (
                  <tr id={`audit-details-${row.id}`} hidden={!expanded} className="border-b border-brand-100 bg-slate-50">
                    <td className={tdClass} colSpan={7}>
                      <dl className="grid gap-2 text-xs">
                        {row.errorCode && <Detail term={t('admin.audit.errorCode')} value={`${errorCodeLabel(row.errorCode)} (${row.errorCode})`} />}
                        {row.target && <Detail term={t('admin.audit.targetId')} value={`${row.target.type}: ${row.target.id}`} />}
                        {row.before !== null && <Detail term={t('admin.audit.before')} value={JSON.stringify(row.before, null, 2)} pre />}
                        {row.after !== null && <Detail term={t('admin.audit.after')} value={JSON.stringify(row.after, null, 2)} pre />}
                      </dl>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function Detail({ term, value, pre = false }: { term: string; value: string; pre?: boolean }) {
  return (
    <div>
      <dt className="font-bold text-muted">{term}</dt>
      <dd className={pre ? 'font-mono break-all whitespace-pre-wrap' : 'break-all'}>{value}</dd>
    </div>
  );
}
