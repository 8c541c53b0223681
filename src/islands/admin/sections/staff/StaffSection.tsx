import { useId, useState, type FormEvent } from 'react';
import { consoleRoles } from '../../../../domain/admin/permissions.ts';
import type { StaffRoleChoice, StaffRow } from '../../../../domain/admin/staff.ts';
import { inputClass } from '../../../../components/ui/Field.tsx';
import { t } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import type { AdminSectionProps } from '../../sections.ts';
import { LoadState, primaryButtonClass, ScrollTable, SectionTitle, TableHead, tdClass, buttonClass } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';

const roleLabel = (role: StaffRoleChoice) => t(`admin.role.${role}`);

/** Staff and roles (product decision 32): owners add, change and remove console accounts. */
export default function StaffSection(_props: AdminSectionProps) {
  const list = useAdminData<StaffRow[]>('/v2/admin/staff');
  const id = useId();
  const [removing, setRemoving] = useState<StaffRow | null>(null);

  const save = async (path: string, method: 'POST' | 'PUT', body: Record<string, string>) => {
    try {
      const reply = await api<{ data: StaffRow[] }>(path, { method, body });
      list.replace(reply.data);
      showEvent('staffUpdated');
      return true;
    } catch (error) {
      showError(errorKeyOf(error));
      return false;
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (await save('/v2/admin/staff', 'POST', { email: String(data.get('email') ?? ''), role: String(data.get('role') ?? '') })) form.reset();
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-list`} className="space-y-3">
        <SectionTitle>
          <span id={`${id}-list`}>{t('admin.staff.heading')}</span>
        </SectionTitle>
        <LoadState loading={list.loading && !list.data} error={list.error}>
          {list.data?.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.staff.empty')}</p>
          ) : (
            <ScrollTable label={t('admin.staff.heading')}>
              <table className="stack-table w-full sm:min-w-[40rem]">
                <TableHead columns={[t('admin.staff.email'), t('admin.staff.name'), t('admin.staff.role'), '']} />
                <tbody>
                  {list.data?.map((row) => (
                    <tr key={row.accountId} className="border-b border-brand-50 last:border-0">
                      <td className={`${tdClass} break-all`} data-label={t('admin.staff.email')}>
                        {row.email}
                      </td>
                      <td className={tdClass} data-label={t('admin.staff.name')}>
                        {row.name}
                      </td>
                      <td className={tdClass} data-label={t('admin.staff.role')}>
                        {row.fromConfig ? (
                          <span>
                            {roleLabel(row.role)}
                            <span className="block text-xs text-muted">{t('admin.staff.fromConfig')}</span>
                          </span>
                        ) : (
                          <select
                            aria-label={`${row.email} ${t('admin.staff.role')}`}
                            className={inputClass}
                            value={row.role}
                            onChange={(event) => void save(`/v2/admin/staff/${row.accountId}`, 'PUT', { role: event.target.value })}
                          >
                            {consoleRoles.map((role) => (
                              <option key={role} value={role}>
                                {roleLabel(role)}
                              </option>
                            ))}
                          </select>
                        )}
                      </td>
                      <td className={tdClass}>
                        {!row.fromConfig && (
                          <button type="button" className={buttonClass} aria-label={`${row.email} ${t('admin.staff.remove')}`} onClick={() => setRemoving(row)}>
                            {t('admin.staff.remove')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
        </LoadState>
      </section>

      <section aria-labelledby={`${id}-add`} className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-brand-100">
        <SectionTitle>
          <span id={`${id}-add`}>{t('admin.staff.add')}</span>
        </SectionTitle>
        <p className="text-sm text-muted">{t('admin.staff.addHint')}</p>
        <form onSubmit={add} className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
          <label className="grid gap-1 text-sm font-medium">
            {t('admin.staff.email')}
            <input name="email" type="email" required className={inputClass} autoComplete="off" />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t('admin.staff.role')}
            <select name="role" className={inputClass} defaultValue="support">
              {consoleRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={primaryButtonClass}>
            {t('admin.staff.add')}
          </button>
        </form>
        <ul className="grid gap-1 text-xs text-muted sm:grid-cols-2">
          {consoleRoles.map((role) => (
            <li key={role}>
              <span className="font-bold">{roleLabel(role)}</span>: {t(`admin.role.${role}Hint`)}
            </li>
          ))}
        </ul>
      </section>

      {removing && (
        <ConfirmDialog
          title={t('admin.staff.remove')}
          confirmLabel={t('admin.staff.remove')}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await save(`/v2/admin/staff/${removing.accountId}`, 'PUT', { role: 'none' });
            setRemoving(null);
          }}
        >
          <p>
            {removing.email}（{roleLabel(removing.role)}）
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
