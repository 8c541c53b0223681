import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { flashMessage } from '../../stores/snackbar.ts';

/** /email-change#token=…: the link from the new address's mailbox applies the change. */
export default function EmailChangeConfirm() {
  const [failure, setFailure] = useState<MessageKey | null>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // The token leaves the address bar (and the history) before anything else happens.
    history.replaceState(null, '', window.location.pathname);
    api('/v2/profile/email/confirm', { method: 'POST', body: { token } }).then(
      () => {
        flashMessage('emailChanged');
        window.location.assign('/mypage');
      },
      (error: unknown) => setFailure(errorKeyOf(error) === 'networkError' ? 'networkError' : 'emailChangeLinkInvalid'),
    );
  }, []);
  if (!failure) return <p role="status">{t('emailChange.working')}</p>;
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-bold text-red-800">
        {t(failure)}
      </p>
      <a href="/mypage" className="font-bold text-brand-700 underline">
        {t('emailChange.toMypage')}
      </a>
    </div>
  );
}
