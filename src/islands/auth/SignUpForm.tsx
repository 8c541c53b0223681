import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, useWatch } from 'react-hook-form';
import { signUpFormSchema, type SignUpFormValues } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api } from '../../lib/api.ts';
import { redirectTarget, signUpErrorKey } from '../../lib/auth-client.ts';
import { useLocationSearch } from '../../lib/use-location.ts';
import { flashMessage, showError } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { markConversion } from '../../lib/conversion.ts';
import { PasswordField, TextField } from '../../components/ui/Field.tsx';
import { BirthdayFields, NameFields } from '../../components/ui/PersonFields.tsx';

/** Sign-up: names, email, password, birth year and month; then the redirect value or /registration. */
export default function SignUpForm() {
  const { register, handleSubmit, control, formState } = useForm<SignUpFormValues>({
    resolver: valibotResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: { last_name: '', first_name: '', email: '', password: '', birth_year: '', birth_month: '' },
  });
  const { errors, isValid, isSubmitting } = formState;
  const search = useLocationSearch();
  const [birthYear, birthMonth] = useWatch({ control, name: ['birth_year', 'birth_month'] });
  const birthday = `${birthYear}${birthMonth}`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/auth/signup', {
        method: 'POST',
        body: {
          email: values.email,
          password: values.password,
          first_name: values.first_name,
          last_name: values.last_name,
          birthday: `${values.birth_year}${values.birth_month}`,
          client_key: 'web',
        },
      });
      markConversion({ kind: 'signup' });
      flashMessage('signupSucceeded');
      window.location.assign(redirectTarget('/registration'));
    } catch (error) {
      showError(signUpErrorKey(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <NameFields registrations={[register('last_name'), register('first_name')]} errors={[errors.last_name, errors.first_name]} />
      <TextField label={t('field.email')} type="email" registration={register('email')} error={errors.email} autoComplete="email" inputMode="email" required />
      <PasswordField label={t('field.password')} registration={register('password')} error={errors.password} hint={t('field.passwordHint')} autoComplete="new-password" required />
      <BirthdayFields registrations={[register('birth_year'), register('birth_month')]} errors={[errors.birth_year, errors.birth_month]} required />
      <p className="pt-2 text-xs text-muted">
        {t('signup.agreement')}
        <span className="mt-1 flex gap-4">
          <a className="underline" href="/terms" target="_blank" rel="noopener noreferrer">
            {t('signup.terms')}
            <span className="sr-only">{t('nav.newTab')}</span>
          </a>
          <a className="underline" href="/privacy" target="_blank" rel="noopener noreferrer">
            {t('signup.privacy')}
            <span className="sr-only">{t('nav.newTab')}</span>
          </a>
        </span>
      </p>
      <div className="pt-2">
        <SubmitButton disabled={!isValid || birthday.length < 6 || isSubmitting} busy={isSubmitting}>
          {t('signup.submit')}
        </SubmitButton>
      </div>
      <p className="pt-4 text-center text-sm">
        {t('signup.haveAccount')}
        <a className="ml-1 font-bold text-brand-700 underline" href={`/login${search}`}>
          {t('signup.toLogin')}
        </a>
      </p>
    </form>
  );
}
