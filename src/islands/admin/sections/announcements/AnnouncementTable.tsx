import { Fragment, useState } from 'react';
import { canSendMail, type AdminAnnouncement } from '../../../../domain/admin/announcements.ts';
import { t, tf, type PlainKey } from '../../../../i18n/ja.ts';
import { DateTime, ExpandButton, ScrollTable, TableHead, tdClass } from '../../ui.tsx';

interface Props {
  rows: AdminAnnouncement[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onSendMail: (row: AdminAnnouncement) => void;
}

const yesNo = (value: boolean) => t(value ? 'admin.yes' : 'admin.no');

const columns: PlainKey[] = [
  'admin.announcements.column.id',
  'admin.announcements.column.title',
  'admin.announcements.column.visible',
  'admin.announcements.column.needMail',
  'admin.announcements.column.mailAction',
  'admin.announcements.column.mailSent',
  'admin.announcements.column.created',
  'admin.announcements.column.edited',
  'admin.announcements.column.body',
];

/**
 * The announcements table (spec §2): newest id first as the API answers, one row selected with
 * its radio button, the body in an expandable row, the mail icon only where mail is still due.
 */
export function AnnouncementTable({ rows, selectedId, onSelect, onSendMail }: Props) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (rows.length === 0) return <p className="rounded-xl bg-white px-5 py-4 text-sm ring-1 ring-brand-100">{t('admin.announcements.empty')}</p>;

  return (
    <ScrollTable label={t('admin.announcements.table')}>
      <table className="stack-table w-full border-collapse">
        <TableHead
          columns={[
            <span key="select" className="sr-only">
              {t('admin.announcements.column.select')}
            </span>,
            ...columns.map((key) => t(key)),
          ]}
        />
        <tbody>
          {rows.map((row) => {
            const open = expanded.has(row.id);
            const selected = row.id === selectedId;
            return (
              <Fragment key={row.id}>
                <tr className={`border-b border-brand-100 ${selected ? 'bg-brand-50' : ''}`}>
                  <td className={tdClass} data-label={t('admin.announcements.column.select')}>
                    <input
                      type="radio"
                      name="announcement-row"
                      className="h-4 w-4 accent-brand-600"
                      checked={selected}
                      onChange={() => onSelect(row.id)}
                      aria-label={tf('admin.announcements.selectRow', { id: row.id })}
                    />
                  </td>
                  <td className={`${tdClass} tabular-nums`} data-label={t('admin.announcements.column.id')}>
                    {row.id}
                  </td>
                  <td className={`${tdClass} min-w-40 font-bold`} data-label={t('admin.announcements.column.title')}>
                    {row.title}
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.visible')}>
                    {yesNo(row.is_visible)}
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.needMail')}>
                    {yesNo(row.need_send_mail)}
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.mailAction')}>
                    {canSendMail(row) ? (
                      <button
                        type="button"
                        onClick={() => onSendMail(row)}
                        className="rounded-full p-1.5 text-brand-700 hover:bg-brand-100"
                        aria-label={tf('admin.announcements.sendMailFor', { id: row.id })}
                        title={t('admin.announcements.sendMail')}
                      >
                        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                          <path d="M3 6h18v12H3z M3 6l9 7 9-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                        </svg>
                      </button>
                    ) : (
                      // Nothing to send: a dash, not an empty line under its label on a phone.
                      <span aria-hidden="true" className="text-muted">
                        —
                      </span>
                    )}
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.mailSent')}>
                    <DateTime iso={row.mail_sent_date} />
                    {row.mail_recipients !== null && <span className="block text-xs text-muted">{tf('admin.announcements.recipients', { count: row.mail_recipients })}</span>}
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.created')}>
                    <DateTime iso={row.created_at} />
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.edited')}>
                    <DateTime iso={row.updated_at} />
                  </td>
                  <td className={tdClass} data-label={t('admin.announcements.column.body')}>
                    <ExpandButton expanded={open} controls={`announcement-body-${row.id}`} onClick={() => toggle(row.id)} rowLabel={tf('admin.announcements.ofRow', { id: row.id })}>
                      {t(open ? 'admin.announcements.hideBody' : 'admin.announcements.showBody')}
                    </ExpandButton>
                  </td>
                </tr>
                <tr id={`announcement-body-${row.id}`} hidden={!open} className="border-b border-brand-100 bg-slate-50">
                  <td className={tdClass} />
                  <td className={`${tdClass} whitespace-pre-wrap`} colSpan={9}>
                    {row.description}
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
