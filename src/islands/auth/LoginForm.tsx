import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { signInSchema } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api } from '../../lib/api.ts';
import { redirectTarget, signInErrorKey } from '../../lib/auth-client.ts';
import { useLocationSearch } from '../../lib/use-location.ts';
import { flashMessage, showError } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';

type Values = v.InferInput<typeof signInSchema>;

/** Login: both fields required; afterwards the redirect value (same-site only) or /mypage. */
export default function LoginForm() {
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: valibotResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid, isSubmitting } = formState;
  const search = useLocationSearch();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/auth/signin', { method: 'POST', body: { email: values.email, password: values.password, client_key: 'web' } });
      flashMessage('login');
      window.location.assign(redirectTarget('/mypage'));
    } catch (error) {
      showError(signInErrorKey(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <TextField label={t('field.email')} type="email" registration={register('email')} error={errors.email} autoComplete="username" inputMode="email" required />
      <PasswordField label={t('field.password')} registration={register('password')} error={errors.password} autoComplete="current-password" required />
      <div className="pt-2">
        <SubmitButton disabled={!isValid || isSubmitting} busy={isSubmitting}>
          {t('login.submit')}
        </SubmitButton>
      </div>
      <p className="pt-4 text-center text-sm">
        <a className="text-brand-700 underline" href="/find-password">
          {t('login.forgot')}
        </a>
      </p>
      <p className="text-center text-sm">
        {t('login.noAccount')}
        <a className="ml-1 font-bold text-brand-700 underline" href={`/signup${search}`}>
          {t('login.toSignup')}
        </a>
      </p>
    </form>
  );
}
