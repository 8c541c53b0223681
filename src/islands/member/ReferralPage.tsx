import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { t } from '../../i18n/ja.ts';
import { $referral } from '../../lib/server-data.ts';
import { useMemberSession } from './use-member-session.ts';

/** /referral (product decision 22): the member's invitation link, and the sign-ups and orders through it. */
export default function ReferralPage() {
  useMemberSession();
  // Read once the session is confirmed; a failed read stays on "loading" after its snackbar.
  const referral = useStore($referral).data;
  const [copied, setCopied] = useState(false);
  if (!referral) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6">
        <label htmlFor="referral-url" className="text-sm font-bold text-ink">
          {t('mypage.referral.link')}
        </label>
        <div className="mt-2 flex flex-wrap gap-2">
          <input id="referral-url" readOnly value={referral.url} className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          <button type="button" onClick={() => void copy()} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-bold text-white hover:bg-brand-700">
            {t('mypage.referral.copy')}
          </button>
        </div>
        <p className="mt-2 text-xs text-muted" aria-live="polite">
          {copied ? t('mypage.referral.copied') : ''}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-2xl bg-white p-5 ring-1 ring-brand-100">
          <dt className="text-sm text-muted">{t('mypage.referral.signups')}</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">{referral.signups}</dd>
        </div>
        <div className="rounded-2xl bg-white p-5 ring-1 ring-brand-100">
          <dt className="text-sm text-muted">{t('mypage.referral.orders')}</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">{referral.orders}</dd>
        </div>
      </dl>
    </div>
  );
}
