import { useId, type FormEvent, type ReactNode } from 'react';
import { AUDIT_PAGE_SIZE, auditActions, auditOutcomeValues, type AuditRow } from '../../../../domain/admin/audit.ts';
import { adminPath } from '../../../../domain/admin/navigation.ts';
import type { Page } from '../../../../domain/admin/paging.ts';
import { t } from '../../../../i18n/ja.ts';
import { inputClass } from '../../../../components/ui/Field.tsx';
import { navigateAdmin } from '../../../../stores/admin-location.ts';
import { actionLabels, outcomeLabels } from '../../labels.ts';
import type { AdminSectionProps } from '../../sections.ts';
import { buttonClass, LoadState, Pagination, primaryButtonClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { AuditTable } from './AuditTable.tsx';

const filterNames = ['action', 'outcome', 'actor', 'target', 'from', 'to'] as const;

/** The audit log (product decision 24): newest first, filtered by action, outcome, actor, target and dates. */
export default function AuditSection({ search }: AdminSectionProps) {
  const params = new URLSearchParams(search);
  const page = useAdminData<Page<AuditRow>>(`/v2/admin/audit-log${search}`);
  const id = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    for (const name of filterNames) {
      const value = String(form.get(name) ?? '').trim();
      if (value) query.set(name, value);
    }
    navigateAdmin(`${adminPath('audit')}${query.size ? `?${query}` : ''}`);
  };
  const hrefFor = (number: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(number));
    return `${adminPath('audit')}?${query}`;
  };
  const field = (name: (typeof filterNames)[number]) => ({ id: `${id}-${name}`, name, defaultValue: params.get(name) ?? '' });

  return (
    <div className="space-y-4">
      <form key={search} onSubmit={apply} aria-label={t('admin.audit.filters')} className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:grid-cols-2 lg:grid-cols-3">
        <Labelled id={`${id}-action`} label={t('admin.audit.filter.action')}>
          <select className={inputClass} {...field('action')}>
            <option value="">{t('admin.filterAll')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(actionLabels[action])}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id={`${id}-outcome`} label={t('admin.audit.filter.outcome')}>
          <select className={inputClass} {...field('outcome')}>
            <option value="">{t('admin.filterAll')}</option>
            {auditOutcomeValues.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(outcomeLabels[outcome])}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id={`${id}-actor`} label={t('admin.audit.filter.actor')}>
          <input type="search" className={inputClass} autoComplete="off" {...field('actor')} />
        </Labelled>
        <Labelled id={`${id}-target`} label={t('admin.audit.filter.target')}>
          <input type="search" className={inputClass} autoComplete="off" {...field('target')} />
        </Labelled>
        <Labelled id={`${id}-from`} label={t('admin.audit.filter.from')}>
          <input type="date" className={inputClass} {...field('from')} />
        </Labelled>
        <Labelled id={`${id}-to`} label={t('admin.audit.filter.to')}>
          <input type="date" className={inputClass} {...field('to')} />
        </Labelled>
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className={primaryButtonClass}>
            {t('admin.search')}
          </button>
          <button type="button" className={buttonClass} onClick={() => navigateAdmin(adminPath('audit'))}>
            {t('admin.clearFilters')}
          </button>
        </div>
      </form>
      <LoadState loading={page.loading} error={page.error}>
        {page.data && (
          <>
            <AuditTable rows={page.data.rows} label={t('admin.audit.table')} />
            <Pagination page={page.data.page} pageSize={AUDIT_PAGE_SIZE} total={page.data.total} hrefFor={hrefFor} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {children}
    </div>
  );
}
