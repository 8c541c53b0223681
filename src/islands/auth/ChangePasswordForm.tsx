import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { changePasswordSchema } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf, statusOf } from '../../lib/api.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { PasswordField } from '../../components/ui/Field.tsx';

type Values = v.InferInput<typeof changePasswordSchema>;

/** Change password (member area): the current one, then the new one; other devices are signed out. */
export default function ChangePasswordForm() {
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: valibotResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '' },
  });
  const { errors, isValid, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/auth/password/change', { method: 'POST', body: values });
      reset();
      showEvent('changePasswordSucceeded');
    } catch (error) {
      if (statusOf(error) === 401) {
        window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      const key = errorKeyOf(error);
      showError(key === 'tooManyRequests' || key === 'networkError' ? key : 'changePasswordFailed');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <PasswordField label={t('field.currentPassword')} registration={register('current_password')} error={errors.current_password} autoComplete="current-password" required />
      <PasswordField label={t('field.newPassword')} registration={register('password')} error={errors.password} hint={t('field.passwordHint')} autoComplete="new-password" required />
      <div className="pt-2">
        <SubmitButton disabled={!isValid || isSubmitting} busy={isSubmitting}>
          {t('changePassword.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
