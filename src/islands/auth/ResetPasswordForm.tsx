import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { passwordSchema } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { useLocationHash } from '../../lib/use-location.ts';
import { flashMessage, showError } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { PasswordField } from '../../components/ui/Field.tsx';

const formSchema = v.object({ password: passwordSchema });
type Values = v.InferInput<typeof formSchema>;

/** The page a reset mail links to: the token travels in the fragment, never to the server's logs. */
export default function ResetPasswordForm() {
  const token = /token=([a-z0-9]+)/.exec(useLocationHash())?.[1];
  const [invalid, setInvalid] = useState(false);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: valibotResolver(formSchema), mode: 'onTouched', defaultValues: { password: '' } });
  const { errors, isValid, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/auth/password/reset', { method: 'POST', body: { token, password: values.password } });
      flashMessage('passwordResetSucceeded');
      window.location.assign('/login');
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'resetLinkInvalid') setInvalid(true);
      showError(key);
    }
  });

  if (invalid) {
    return (
      <div className="space-y-6 text-center">
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm font-medium text-red-800">
          {t('resetLinkInvalid')}
        </p>
        <a className="font-bold text-brand-700 underline" href="/find-password">
          {t('resetPassword.requestAgain')}
        </a>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <PasswordField label={t('field.newPassword')} registration={register('password')} error={errors.password} hint={t('field.passwordHint')} autoComplete="new-password" required />
      <div className="pt-2">
        <SubmitButton disabled={!isValid || !token || isSubmitting} busy={isSubmitting}>
          {t('resetPassword.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
