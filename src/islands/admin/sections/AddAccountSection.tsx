import { valibotResolver } from '@hookform/resolvers/valibot';
import { FetchError } from 'ofetch';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import { canRegisterAccount, createAccountFormSchema, stageOf, type CreateAccountFormValues, type CreatedAccount } from '../../../domain/admin/accounts.ts';
import { adminPath } from '../../../domain/admin/navigation.ts';
import type { ApiIssue } from '../../../domain/api-errors.ts';
import { t } from '../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../lib/api.ts';
import { showError, showEvent } from '../../../stores/snackbar.ts';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../../components/ui/Field.tsx';
import { AdminLink, TestBadge } from '../ui.tsx';

type Output = v.InferOutput<typeof createAccountFormSchema>;
const defaults: CreateAccountFormValues = { lastName: '', firstName: '', birthday: '', email: '', password: '', isTest: true };
const fieldNames = ['lastName', 'firstName', 'birthday', 'email', 'password'] as const;

/** Add Account (spec §2, §4, §5): a test account unless unchecked; created without signing anyone in. */
export default function AddAccountSection() {
  const { register, handleSubmit, formState, control, reset, setError } = useForm<CreateAccountFormValues, unknown, Output>({
    resolver: valibotResolver(createAccountFormSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { errors, isValid, isSubmitting } = formState;
  const birthday = useWatch({ control, name: 'birthday' });
  const [created, setCreated] = useState<CreatedAccount | undefined>();

  const onSubmit = handleSubmit(async ({ isTest, ...values }) => {
    try {
      const reply = await api<{ data: CreatedAccount }>('/v2/admin/accounts', { method: 'POST', body: { ...values, stage: stageOf(isTest) } });
      setCreated(reply.data);
      reset(defaults);
      showEvent('accountCreated');
    } catch (error) {
      const issues = error instanceof FetchError ? ((error.data as { issues?: ApiIssue[] } | undefined)?.issues ?? []) : [];
      for (const issue of issues) {
        const name = fieldNames.find((field) => field === issue.path);
        if (name) setError(name, { message: issue.code });
      }
      showError(errorKeyOf(error));
    }
  });

  return (
    <div className="max-w-xl">
      <form onSubmit={onSubmit} noValidate className="space-y-1 rounded-2xl bg-white p-5 ring-1 ring-brand-100">
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('field.lastName')} registration={register('lastName')} error={errors.lastName} autoComplete="off" required />
          <TextField label={t('field.firstName')} registration={register('firstName')} error={errors.firstName} autoComplete="off" required />
        </div>
        <TextField label={t('field.birthday')} type="month" registration={register('birthday')} error={errors.birthday} hint={t('admin.account.birthdayHint')} placeholder="2012-04" required />
        <TextField label={t('field.email')} type="email" registration={register('email')} error={errors.email} autoComplete="off" inputMode="email" required />
        <PasswordField label={t('field.password')} registration={register('password')} error={errors.password} hint={t('field.passwordHint')} autoComplete="new-password" required />
        <div className="flex items-center gap-2 py-2">
          <input id="admin-account-is-test" type="checkbox" className="h-5 w-5 accent-brand-600" {...register('isTest')} />
          <label htmlFor="admin-account-is-test" className="text-sm font-bold">
            {t('admin.account.isTest')}
          </label>
        </div>
        <p className="text-xs text-muted">{t('admin.account.isTestHint')}</p>
        <p className="pt-3 text-sm">
          {t('admin.account.agreementBefore')}
          <a className="text-brand-700 underline" href="/terms" target="_blank" rel="noopener">
            {t('signup.terms')}
            <span className="sr-only">{t('nav.newTab')}</span>
          </a>
          {t('admin.account.and')}
          <a className="text-brand-700 underline" href="/privacy" target="_blank" rel="noopener">
            {t('signup.privacy')}
            <span className="sr-only">{t('nav.newTab')}</span>
          </a>
          {t('admin.account.agreementAfter')}
        </p>
        <div className="pt-3">
          <SubmitButton disabled={!canRegisterAccount(isValid, birthday) || isSubmitting} busy={isSubmitting}>
            {t('admin.account.submit')}
          </SubmitButton>
        </div>
        <p className="pt-3 text-center text-sm">
          {t('signup.haveAccount')}
          <a className="ml-1 font-bold text-brand-700 underline" href="/login">
            {t('signup.toLogin')}
          </a>
        </p>
      </form>
      {created && (
        <p role="status" className="mt-4 flex flex-wrap items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm">
          {t('admin.account.created')}
          <AdminLink className="font-bold break-all text-brand-700 underline" href={adminPath('members', created.id)}>
            {created.email}
          </AdminLink>
          {created.isTest && <TestBadge />}
        </p>
      )}
    </div>
  );
}
