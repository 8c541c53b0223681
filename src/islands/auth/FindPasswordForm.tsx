import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { resetRequestSchema } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/Field.tsx';

type Values = v.InferInput<typeof resetRequestSchema>;

/** Asks for a reset link; the answer never says whether the address has an account. */
export default function FindPasswordForm() {
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: valibotResolver(resetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isValid, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/auth/password/reset/request', { method: 'POST', body: { email: values.email, key: 'web', language: 'jp' } });
      setSent(true);
      showEvent('resetLinkSent');
    } catch (error) {
      const key = errorKeyOf(error);
      showError(key === 'tooManyRequests' ? key : 'sendMailFailed');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      {sent && (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-sm font-medium text-green-800">
          {t('resetLinkSent')}
        </p>
      )}
      <TextField label={t('field.email')} type="email" registration={register('email')} error={errors.email} autoComplete="email" inputMode="email" required />
      <div className="pt-2">
        <SubmitButton disabled={!isValid || isSubmitting} busy={isSubmitting}>
          {t('findPassword.submit')}
        </SubmitButton>
      </div>
      <p className="pt-4 text-center text-sm">
        <a className="text-brand-700 underline" href="/login">
          {t('findPassword.back')}
        </a>
      </p>
    </form>
  );
}
