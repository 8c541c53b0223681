import { useState } from 'react';
import { t, tf } from '../../i18n/ja.ts';
import { readSentInquiry, type SentInquiry } from './sent-inquiry.ts';

interface Props {
  /** 「2〜3営業日以内」 from Sanity's site settings. */
  replyTime: string;
}

/**
 * /support_confirm: the ticket number and what was sent, read from this tab's sessionStorage
 * (rendered in the browser only: client:only).
 */
export default function SupportConfirmation({ replyTime }: Props) {
  const [sent] = useState<SentInquiry | null>(readSentInquiry);

  if (sent === null) {
    return (
      <div className="space-y-6 text-center">
        <p>{t('supportConfirm.empty')}</p>
        <a href="/support" className="inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
          {t('supportConfirm.toForm')}
        </a>
      </div>
    );
  }

  const { inquiry } = sent;
  const rows: [string, string][] = [
    [t('supportConfirm.name'), `${inquiry.lastName} ${inquiry.firstName}`],
    [t('field.email'), inquiry.email],
    [t('support.category'), inquiry.category],
    [t('support.subject'), inquiry.title],
  ];
  return (
    <div className="space-y-6">
      <p className="text-center text-sm text-muted">{t('supportConfirm.lead')}</p>
      <div className="rounded-2xl bg-brand-50 p-4 text-center">
        <p className="text-sm font-bold text-brand-800">{t('supportConfirm.number')}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-wider text-ink">{sent.ticketNumber}</p>
      </div>
      <dl className="divide-y divide-brand-100 rounded-2xl ring-1 ring-brand-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[9rem_1fr]">
            <dt className="text-sm font-bold text-muted">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
        <div className="grid gap-1 px-4 py-3">
          <dt className="text-sm font-bold text-muted">{t('support.contents')}</dt>
          <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">{inquiry.contents}</dd>
        </div>
      </dl>
      <div className="space-y-1 text-sm [overflow-wrap:anywhere]">
        <p>{tf('supportConfirm.mailNote', { email: inquiry.email, replyTime })}</p>
        <p className="text-muted">{t('supportConfirm.spamNote')}</p>
      </div>
      <p className="text-center">
        <a href="/" className="inline-block rounded-full border border-brand-600 px-6 py-3 font-bold text-brand-700 hover:bg-brand-50">
          {t('supportConfirm.toTop')}
        </a>
      </p>
    </div>
  );
}
