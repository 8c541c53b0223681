import { useStore } from '@nanostores/react';
import type { BillingHistoryItem } from '../../domain/billing/contract.ts';
import { formatDate } from '../../domain/format-date.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { t } from '../../i18n/ja.ts';
import { $billingHistory } from '../../lib/server-data.ts';
import { useMemberSession } from './use-member-session.ts';

// The table's columns, in order; the amount is aligned right.
const columns = [
  ['mypage.billing.date', ''],
  ['mypage.billing.description', ''],
  ['mypage.billing.amount', 'text-right'],
  ['mypage.billing.status', ''],
  ['mypage.billing.receipt', ''],
] as const;

/** The member's charges and refunds, newest first, each succeeded charge with its printable receipt. */
export default function BillingHistory() {
  useMemberSession();
  const { data, error } = useStore($billingHistory);
  // undefined while loading (or until the session is confirmed), null when the read failed.
  const items: BillingHistoryItem[] | null | undefined = error ? null : data;
  if (items === undefined) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  if (items === null) return <p className="text-sm text-muted">{t('mypage.billing.loadFailed')}</p>;
  if (items.length === 0) return <p className="text-sm text-muted">{t('mypage.billing.empty')}</p>;
  return (
    <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-brand-100">
      <table className="w-full min-w-[34rem] text-left text-sm">
        <caption className="sr-only">{t('mypage.item.billingHistory')}</caption>
        <thead className="bg-brand-50 text-xs text-muted">
          <tr>
            {columns.map(([key, align]) => (
              <th key={key} scope="col" className={`px-4 py-2 ${align}`.trim()}>
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="px-4 py-2 whitespace-nowrap tabular-nums">{formatDate(new Date(item.chargedAt))}</td>
              <td className="px-4 py-2">
                <span className="block text-xs text-muted">{t(`billing.kind.${item.kind}`)}</span>
                {item.description}
              </td>
              <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{formatPrice(item.amount)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{t(`mypage.billing.state.${item.status}`)}</td>
              <td className="px-4 py-2 whitespace-nowrap">
                {item.receiptUrl ? (
                  <a href={item.receiptUrl} target="_blank" rel="noopener" className="font-bold text-brand-700 underline">
                    {t('mypage.billing.openReceipt')}
                    <span className="sr-only">{t('mypage.item.newWindow')}</span>
                  </a>
                ) : (
                  t('common.none')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
