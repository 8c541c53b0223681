import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { BillingHistoryItem } from '../../domain/billing/contract.ts';
import { addresseeProblem, ADDRESSEE_MAX, type AddresseeReply } from '../../domain/documents/addressee.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t, tf } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { revalidateKeys } from '../../lib/fetcher.ts';
import { $billingHistory } from '../../lib/server-data.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { useMemberSession } from './use-member-session.ts';

/**
 * The member's charges and refunds, newest first: one card per row, readable at 375 px (no
 * sideways scrolling), with the receipt or refund note of each (product decision 25): the print
 * page, the PDF, and the addressee until the first download. The list ends with room for the
 * floating support button, so it never covers an amount.
 */
export default function BillingHistory() {
  useMemberSession();
  const { data, error } = useStore($billingHistory);
  // undefined while loading (or until the session is confirmed), null when the read failed.
  const items: BillingHistoryItem[] | null | undefined = error ? null : data;
  if (items === undefined) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  if (items === null) return <p className="text-sm text-muted">{t('mypage.billing.loadFailed')}</p>;
  if (items.length === 0) return <p className="text-sm text-muted">{t('mypage.billing.empty')}</p>;
  return (
    <section aria-label={t('mypage.item.billingHistory')} className="pb-24">
      <ul className="divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
        {items.map((item) => (
          <HistoryRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function stateOf(item: BillingHistoryItem): string {
  return item.kind === 'refund' ? t(`document.refundState.${item.status}`) : t(`mypage.billing.state.${item.status}`);
}

function HistoryRow({ item }: { item: BillingHistoryItem }) {
  const isRefund = item.kind === 'refund';
  const failed = item.status === 'failed';
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm text-muted tabular-nums">{formatDate(new Date(item.chargedAt))}</span>
        <span className={`text-lg font-bold whitespace-nowrap tabular-nums ${isRefund ? 'text-brand-700' : ''}`.trim()} aria-label={t('mypage.billing.amount')}>
          {formatPrice(item.amount)}
        </span>
      </div>
      <div>
        {t(`billing.kind.${item.kind}`) !== item.description ? <span className="block text-xs text-muted">{t(`billing.kind.${item.kind}`)}</span> : null}
        <span className="break-words">{item.description}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${failed ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-800'}`}>{stateOf(item)}</span>
        {item.orderNumber ? <span className="text-xs text-muted">{tf('document.orderNumberLabel', { number: item.orderNumber })}</span> : null}
        {item.document ? <span className="text-xs text-muted">{item.document.number}</span> : null}
      </div>
      {item.receiptUrl ? <DocumentActions item={item} /> : null}
    </li>
  );
}

function DocumentActions({ item }: { item: BillingHistoryItem }) {
  const isRefund = item.kind === 'refund';
  const pdfUrl = item.document?.pdfUrl ?? `${new URL(item.receiptUrl!).pathname}.pdf`;
  const label = isRefund ? t('document.refundNoteLink') : t('mypage.billing.openReceipt');
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={item.receiptUrl!} target="_blank" rel="noopener" className="font-bold text-brand-700 underline">
          {label}
          <span className="sr-only">{t('mypage.item.newWindow')}</span>
        </a>
        <a href={pdfUrl} download className="font-bold text-brand-700 underline" onClick={() => window.setTimeout(() => void revalidateKeys((key) => key.includes('/v2/billing-history')), 1500)}>
          {t('document.downloadPdf')}
          <span className="sr-only">{`（${isRefund ? t('document.refundNote.title') : t('document.receipt.title')}）`}</span>
        </a>
      </div>
      {!isRefund && item.document ? <AddresseeForm item={item} /> : null}
    </div>
  );
}

function AddresseeForm({ item }: { item: BillingHistoryItem }) {
  const document = item.document!;
  const [value, setValue] = useState(document.addressee ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `addressee-${item.id}`;
  if (document.downloaded) {
    return <p className="text-xs text-muted">{document.addressee ? `${tf('document.addressee', { name: document.addressee })} ・ ` : ''}{t('document.addresseeLocked')}</p>;
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const key = addresseeProblem(value);
    setProblem(key ? t(key) : undefined);
    if (key) return;
    setBusy(true);
    try {
      await api<AddresseeReply>(`/v2/receipts/${item.id}/addressee`, { method: 'PUT', body: { addressee: value } });
      showEvent('addresseeSaved');
      await revalidateKeys((cacheKey) => cacheKey.includes('/v2/billing-history'));
    } catch (error) {
      const code = errorKeyOf(error);
      setProblem(t(code));
      showError(code);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="rounded-lg bg-brand-50/60 p-3">
      <label htmlFor={id} className="block text-sm font-bold">
        {t('document.addresseeLabel')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('document.addresseeHint')}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={id}
          value={value}
          maxLength={ADDRESSEE_MAX * 2}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="min-w-0 flex-1 basis-48 rounded-lg border border-brand-200 bg-white px-3 py-2"
        />
        <button type="submit" disabled={busy} className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:opacity-60">
          {t('document.addresseeSave')}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
