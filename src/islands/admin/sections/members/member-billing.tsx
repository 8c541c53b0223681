import { useId, useState, type FormEvent } from 'react';
import type { AdminSubscription } from '../../../../domain/admin/members.ts';
import { shiftCalendarDay } from '../../../../domain/calendar-days.ts';
import { formatDate } from '../../../../domain/format-date.ts';
import { formatPrice } from '../../../../domain/plans/pricing.ts';
import { t, tf } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { nextPaymentText } from '../../../../lib/billing/next-payment-text.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { statusLabels, statusTone } from '../../labels.ts';
import { Badge, buttonClass, formatDateTime, ScrollTable, tdClass, thClass } from '../../ui.tsx';
import type { MemberPartProps } from './MemberPage.tsx';

/**
 * The member's plans as billing runs them (product decision 13), with what staff do: enter the shipping day
 * (the 7-day trial starts) and record the lent device's return (the buyout window closes).
 */
export function MemberSubscriptionsSection({ detail, reload }: MemberPartProps) {
  return (
    <section className="space-y-3">
      <h3 className="text-lg text-brand-800">{t('admin.members.subscriptions')}</h3>
      {detail.subscriptions.length === 0 ? (
        <p className="text-sm">{t('admin.members.noSubscriptions')}</p>
      ) : (
        <ScrollTable label={t('admin.members.subscriptions')}>
          <table className="w-full min-w-[56rem] border-collapse">
            <thead className="border-b border-brand-100 bg-brand-50/60">
              <tr>
                <th className={thClass}>{t('admin.members.sub.plan')}</th>
                <th className={thClass}>{t('admin.members.sub.status')}</th>
                <th className={thClass}>{t('admin.members.sub.price')}</th>
                <th className={thClass}>{t('admin.members.sub.dates')}</th>
                <th className={thClass}>{t('admin.members.sub.next')}</th>
                <th className={thClass}>{t('admin.members.sub.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.subscriptions.map((sub) => (
                <SubscriptionRow key={sub.id} sub={sub} today={detail.today} reload={reload} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

function SubscriptionRow({ sub, today, reload }: { sub: AdminSubscription; today: string; reload: () => void }) {
  return (
    <tr className="border-b border-brand-100">
      <td className={tdClass}>
        {sub.planName}
        <span className="block text-xs text-muted">{tf('admin.members.sub.months', { months: sub.contractMonth })}</span>
      </td>
      <td className={tdClass}>
        <Badge tone={statusTone(sub.status)}>{t(statusLabels[sub.status])}</Badge>
        {sub.suspended && (
          <span className="mt-1 block">
            <Badge tone="bad">{t('admin.members.sub.suspended')}</Badge>
          </span>
        )}
        {sub.pastDue && <span className="mt-1 block text-xs text-red-800">{tf('admin.members.sub.pastDue', { amount: formatPrice(sub.pastDue.amount), code: sub.pastDue.failureCode ?? '-' })}</span>}
        {sub.openPayments.map((payment) => (
          <span key={payment.chargeId} className="mt-1 block text-xs text-red-800">
            {tf('admin.members.sub.openPayment', { what: payment.description, amount: formatPrice(payment.amount), code: payment.failureCode ?? '-' })}
          </span>
        ))}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatPrice(sub.periodPrice)}</td>
      <td className={`${tdClass} text-xs`}>
        {sub.shippedOn && <span className="block">{tf('admin.members.sub.shippedOn', { date: formatDate(sub.shippedOn) })}</span>}
        {sub.status === 'trialing' && sub.trialLastDay && <span className="block">{tf('admin.members.sub.trial', { date: formatDate(sub.trialLastDay) })}</span>}
        {sub.currentPeriodStart && sub.currentPeriodEnd && (
          <span className="block">{tf('admin.members.sub.period', { start: formatDate(sub.currentPeriodStart), end: formatDate(shiftCalendarDay(sub.currentPeriodEnd, -1)) })}</span>
        )}
        {sub.endsOn && <span className="block">{tf('admin.members.sub.endsOn', { date: formatDate(sub.endsOn) })}</span>}
        {sub.deviceReturnedOn && <span className="block">{tf('admin.members.sub.returnedOn', { date: formatDate(sub.deviceReturnedOn) })}</span>}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{nextPaymentText(sub.nextPayment)}</td>
      <td className={tdClass}>
        {sub.status === 'awaitingShipment' && (
          <DayAction
            label={t('admin.members.sub.shipDate')}
            submit={t('admin.members.sub.markShipped')}
            today={today}
            send={(day) => api(`/v2/admin/subscriptions/${sub.id}/shipped`, { method: 'POST', body: { shippedOn: day } })}
            done={() => {
              showEvent('subscriptionShipped');
              reload();
            }}
          />
        )}
        {sub.hasDevice && sub.shippedOn && !sub.deviceReturnedOn && sub.status !== 'awaitingShipment' && (
          <DayAction
            label={t('admin.members.sub.returnDate')}
            submit={t('admin.members.sub.markReturned')}
            today={today}
            send={(day) => api(`/v2/admin/subscriptions/${sub.id}/device-returned`, { method: 'POST', body: { returnedOn: day } })}
            done={() => {
              showEvent('deviceReturnRecorded');
              reload();
            }}
          />
        )}
      </td>
    </tr>
  );
}

/** A day (today by default) and a button: one staff action on a subscription. */
function DayAction({ label, submit, today, send, done }: { label: string; submit: string; today: string; send: (day: string) => Promise<unknown>; done: () => void }) {
  const id = useId();
  const [day, setDay] = useState(today);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await send(day);
      done();
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="text-xs font-bold text-muted">
        {label}
        <input id={id} type="date" required max={today} value={day} onChange={(event) => setDay(event.target.value)} className="mt-1 block rounded-lg border border-slate-300 px-2 py-1 text-sm text-ink" />
      </label>
      <button type="submit" className={buttonClass} disabled={busy || !day}>
        {submit}
      </button>
    </form>
  );
}

/** Every charge and refund of the member (the billing ledger). */
export function MemberBillingSection({ detail }: MemberPartProps) {
  return (
    <section className="space-y-3">
      <h3 className="text-lg text-brand-800">{t('admin.members.billing')}</h3>
      {detail.billing.length === 0 ? (
        <p className="text-sm">{t('admin.members.noBilling')}</p>
      ) : (
        <ScrollTable label={t('admin.members.billing')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-brand-100 bg-brand-50/60">
              <tr>
                <th className={thClass}>{t('admin.members.bill.date')}</th>
                <th className={thClass}>{t('admin.members.bill.description')}</th>
                <th className={thClass}>{t('admin.members.bill.amount')}</th>
                <th className={thClass}>{t('admin.members.bill.status')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.billing.map((item) => (
                <tr key={item.id} className="border-b border-brand-100">
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(item.chargedAt)}</td>
                  <td className={tdClass}>
                    {item.description}
                    <span className="block text-xs text-muted">{t(`billing.kind.${item.kind}`)}</span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatPrice(item.amount)}</td>
                  <td className={tdClass}>
                    <Badge tone={item.status === 'failed' ? 'bad' : item.status === 'succeeded' ? 'good' : 'neutral'}>{t(`admin.members.bill.${item.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}
