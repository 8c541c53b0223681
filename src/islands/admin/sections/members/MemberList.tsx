import { useId, type FormEvent } from 'react';
import { MEMBERS_PAGE_SIZE, memberStatusFilters, type MemberRow } from '../../../../domain/admin/members.ts';
import { adminPath } from '../../../../domain/admin/navigation.ts';
import type { Page } from '../../../../domain/admin/paging.ts';
import { t } from '../../../../i18n/ja.ts';
import { inputClass } from '../../../../components/ui/Field.tsx';
import { navigateAdmin } from '../../../../stores/admin-location.ts';
import { statusLabels, statusTone } from '../../labels.ts';
import { AdminLink, Badge, formatDate, LoadState, Pagination, primaryButtonClass, ScrollTable, tdClass, TestBadge, thClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { memberListRead } from './reads.ts';
import { useConsoleRole } from '../../use-console-role.ts';
import { can } from '../../../../domain/admin/permissions.ts';

function exportQuery(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('page');
  return query.size ? `?${query}` : '';
}

/** The member list: search by email or name, filter by plan status, 20 a page, newest first. */
export function MemberList({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  const page = useAdminData<Page<MemberRow>>(memberListRead(search));
  const role = useConsoleRole();
  const id = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    const q = String(form.get('q') ?? '').trim();
    const status = String(form.get('status') ?? '');
    if (q) query.set('q', q);
    if (status) query.set('status', status);
    navigateAdmin(`${adminPath('members')}${query.size ? `?${query}` : ''}`);
  };
  const hrefFor = (number: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(number));
    return `${adminPath('members')}?${query}`;
  };

  return (
    <div className="space-y-4">
      <form key={search} role="search" onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
        <div className="min-w-56 flex-1 space-y-1">
          <label htmlFor={`${id}-q`} className="text-sm font-bold">
            {t('admin.members.query')}
          </label>
          <input id={`${id}-q`} name="q" type="search" className={inputClass} defaultValue={params.get('q') ?? ''} autoComplete="off" maxLength={100} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-status`} className="text-sm font-bold">
            {t('admin.members.status')}
          </label>
          <select id={`${id}-status`} name="status" className={inputClass} defaultValue={params.get('status') ?? ''}>
            <option value="">{t('admin.filterAll')}</option>
            {memberStatusFilters.map((status) => (
              <option key={status} value={status}>
                {t(statusLabels[status])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t('admin.search')}
        </button>
        {can(role, 'exports.members') && (
          // The list as filtered, as CSV (product decision 33); the page number does not matter.
          <a className="text-sm font-bold text-brand-700 underline" href={`/api/v2/admin/exports/members.csv${exportQuery(search)}`} download>
            {t('admin.export.csv')}
          </a>
        )}
      </form>
      <LoadState loading={page.loading} error={page.error}>
        {page.data &&
          (page.data.rows.length === 0 ? (
            <p className="rounded-xl bg-white px-5 py-4 text-sm ring-1 ring-brand-100">{t('admin.members.empty')}</p>
          ) : (
            <ScrollTable label={t('admin.members.table')}>
              <table className="stack-table w-full border-collapse sm:min-w-[48rem]">
                <thead className="border-b border-brand-100 bg-brand-50/60">
                  <tr>
                    <th className={thClass}>{t('admin.members.column.email')}</th>
                    <th className={thClass}>{t('admin.members.column.name')}</th>
                    <th className={thClass}>{t('admin.members.column.plans')}</th>
                    <th className={thClass}>{t('admin.members.column.createdAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.rows.map((row) => (
                    <tr key={row.id} className="border-b border-brand-100">
                      <td className={`${tdClass} break-all`} data-label={t('admin.members.column.email')}>
                        <AdminLink className="font-bold text-brand-700 underline" href={adminPath('members', row.id)}>
                          {row.email}
                        </AdminLink>{' '}
                        {row.isTest && <TestBadge />} {row.role !== 'member' && <Badge>{t(row.role === 'admin' ? 'admin.role.admin' : 'admin.role.staff')}</Badge>}
                      </td>
                      <td className={tdClass} data-label={t('admin.members.column.name')}>
                        {row.name}
                      </td>
                      <td className={tdClass} data-label={t('admin.members.column.plans')}>
                        {row.plans.length === 0 ? (
                          <Badge>{t(statusLabels.noPlan)}</Badge>
                        ) : (
                          <ul className="space-y-1">
                            {row.plans.map((plan) => (
                              <li key={`${plan.kind}-${plan.planName}`}>
                                {plan.planName} <Badge tone={statusTone(plan.status)}>{t(statusLabels[plan.status])}</Badge>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap`} data-label={t('admin.members.column.createdAt')}>
                        {formatDate(row.createdAt)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          ))}
        {page.data && <Pagination page={page.data.page} pageSize={MEMBERS_PAGE_SIZE} total={page.data.total} hrefFor={hrefFor} />}
      </LoadState>
    </div>
  );
}
