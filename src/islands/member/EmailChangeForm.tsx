import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { emailChangeSchema } from '../../domain/profile-schemas.ts';
import { t, tf } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';

type Values = v.InferInput<typeof emailChangeSchema>;

/**
 * A new email, confirmed by a link mailed to it (the old address is told); the password proves it is
 * the member. Until the profile is read (`current` undefined) it is drawn disabled at its final size.
 */
export function EmailChangeForm({ current, pending, onRequested }: { current: string | undefined; pending: string | null; onRequested: (email: string) => void }) {
  const { register, handleSubmit, formState, reset } = useForm<Values>({ resolver: valibotResolver(emailChangeSchema), mode: 'onTouched', defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/v2/profile/email', { method: 'POST', body: values });
      reset();
      onRequested(values.email.trim().toLowerCase());
      showEvent('emailChangeSent');
    } catch (error) {
      showError(errorKeyOf(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={current === undefined || undefined}>
      <fieldset disabled={current === undefined} className="min-w-0 space-y-2">
        <p className="text-sm">
          {t('mypage.profile.currentEmail')}: {current === undefined ? <span className="text-muted">{t('common.loading')}</span> : <span className="font-bold break-all">{current}</span>}
        </p>
        {pending && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {tf('mypage.profile.pendingEmail', { email: pending })}
          </p>
        )}
        <TextField label={t('mypage.profile.newEmail')} type="email" registration={register('email')} error={errors.email} autoComplete="email" inputMode="email" required />
        <PasswordField label={t('field.currentPassword')} registration={register('password')} error={errors.password} autoComplete="current-password" required />
        <div className="pt-2">
          <SubmitButton disabled={isSubmitting} busy={isSubmitting}>
            {t('mypage.profile.sendLink')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
