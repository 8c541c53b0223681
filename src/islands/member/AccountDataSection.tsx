import { useId, useState } from 'react';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { flashMessage, showError } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { FieldShell, inputClass } from '../../components/ui/Field.tsx';

/** APPI: download my data, and close my account (refused while a plan is active, with the reason). */
export function AccountDataSection() {
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const close = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await api('/v2/profile/deletion', { method: 'POST', body: { password } });
      flashMessage('accountClosed');
      window.location.assign('/');
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'planStillActive') setRefusal(t(key));
      else showError(key);
      setBusy(false);
    }
  };
  return (
    <div className="space-y-6">
      <div>
        <h3 className="text-base font-bold text-ink">{t('mypage.data.exportTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('mypage.data.exportLead')}</p>
        <a href="/api/v2/profile/export" download className="mt-3 inline-block rounded-full border-2 border-brand-600 bg-white px-5 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50">
          {t('mypage.data.export')}
        </a>
      </div>
      <form onSubmit={(event) => void close(event)} noValidate className="space-y-3">
        <h3 className="text-base font-bold text-ink">{t('mypage.data.closeTitle')}</h3>
        <p className="text-sm text-muted">{t('mypage.data.closeLead')}</p>
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-bold text-red-800">
            {refusal}
          </p>
        )}
        <FieldShell id={`${id}-password`} label={t('field.currentPassword')}>
          <input id={`${id}-password`} type="password" autoComplete="current-password" className={inputClass} value={password} onChange={(event) => setPassword(event.target.value)} />
        </FieldShell>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
          <span>{t('mypage.data.closeConfirm')}</span>
        </label>
        <SubmitButton disabled={!understood || password === '' || busy} busy={busy}>
          {t('mypage.data.close')}
        </SubmitButton>
      </form>
    </div>
  );
}
