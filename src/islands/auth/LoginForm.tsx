import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
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
  const { register, handleSubmit, formState, setFocus } = useForm<Values>({
    resolver: valibotResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid, isSubmitting } = formState;
  const search = useLocationSearch();
  // An admin with a second factor (product decision 24): the server asks for the code after the password.
  const [needsCode, setNeedsCode] = useState(false);
  useEffect(() => {
    if (needsCode) setFocus('otp');
  }, [needsCode, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const otp = needsCode && values.otp ? values.otp : undefined;
      await api('/auth/signin', { method: 'POST', body: { email: values.email, password: values.password, client_key: 'web', ...(otp ? { otp } : {}) } });
      flashMessage('login');
      window.location.assign(redirectTarget('/mypage'));
    } catch (error) {
      const key = signInErrorKey(error);
      if (key === 'twoFactorRequired' && !needsCode) {
        setNeedsCode(true);
        return;
      }
      showError(key);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <TextField label={t('field.email')} type="email" registration={register('email')} error={errors.email} autoComplete="username" inputMode="email" required />
      <PasswordField label={t('field.password')} registration={register('password')} error={errors.password} autoComplete="current-password" required />
      {needsCode && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-2 text-sm">
          {t('twoFactorRequired')}
        </p>
      )}
      {needsCode && (
        <TextField
          label={t('login.oneTimeCode')}
          registration={register('otp')}
          error={errors.otp}
          hint={t('login.oneTimeCodeHint')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          required
        />
      )}
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
