import type { ReactNode } from 'react';
import { t, tf } from '../../../../i18n/ja.ts';
import { AuditTable } from '../audit/AuditTable.tsx';
import { consentSourceLabel, mailStatusLabels, orderStatusLabels } from '../../labels.ts';
import { Badge, formatDateTime, ScrollTable, tdClass, thClass } from '../../ui.tsx';
import type { MemberPartProps } from './MemberPage.tsx';

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-lg text-brand-800">{title}</h3>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-5 py-2.5 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt className="font-bold text-muted">{label}</dt>
          <dd className="break-all">{value ?? t('common.none')}</dd>
        </div>
      ))}
    </dl>
  );
}

const birthday = (yyyymm: string) => tf('admin.members.birthday', { year: yyyymm.slice(0, 4), month: Number(yyyymm.slice(4)) });

export function MemberProfileSection({ detail }: MemberPartProps) {
  const { profile } = detail;
  const address = profile.address;
  const consent = profile.consentHistory[0];
  return (
    <Part title={t('admin.members.profile')}>
      <Rows
        rows={[
          [t('member.email'), profile.email],
          [t('member.name'), `${profile.lastName} ${profile.firstName}`],
          [t('field.birthday'), birthday(profile.birthday)],
          [t('admin.members.accountType'), t(profile.isTest ? 'admin.members.testAccount' : 'admin.members.liveAccount')],
          [t('admin.members.registeredAt'), formatDateTime(profile.createdAt)],
          [t('admin.members.signedUpAt'), formatDateTime(profile.signedUpAt)],
          [
            t('admin.members.eventMail'),
            <>
              {t(profile.eventMail ? 'admin.members.eventMailYes' : 'admin.members.eventMailNo')}
              {consent && <span className="block text-xs text-muted">{tf('admin.members.consentChanged', { at: formatDateTime(consent.at), source: consentSourceLabel(consent.source) })}</span>}
            </>,
          ],
          [
            t('admin.members.address'),
            address ? `〒${address.zip} ${address.prefecture}${address.city}${address.line}${address.building ? ` ${address.building}` : ''}（${address.name}・${address.phone}）` : null,
          ],
          [t('admin.members.card'), profile.card ? `${profile.card.brand} •••• ${profile.card.last4}（${profile.card.exp}）` : null],
        ]}
      />
    </Part>
  );
}

/** The orders: the purchase records (the plans themselves are the subscriptions above). */
export function MemberOrdersSection({ detail }: MemberPartProps) {
  return (
    <Part title={t('admin.members.orders')}>
      {detail.orders.length === 0 ? (
        <p className="text-sm">{t('admin.members.noOrders')}</p>
      ) : (
        <ScrollTable label={t('admin.members.orders')}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-brand-100 bg-brand-50/60">
              <tr>
                <th className={thClass}>{t('admin.members.order.plan')}</th>
                <th className={thClass}>{t('admin.members.order.status')}</th>
                <th className={thClass}>{t('admin.members.order.price')}</th>
                <th className={thClass}>{t('admin.members.order.orderedAt')}</th>
                <th className={thClass}>{t('admin.members.order.lessonAccount')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.orders.map((order) => (
                <tr key={order.id} className="border-b border-brand-100">
                  <td className={tdClass}>
                    {order.planName}
                    <span className="block text-xs text-muted">{tf('admin.members.order.months', { months: order.contractMonth, option: order.optionId })}</span>
                  </td>
                  <td className={tdClass}>
                    <Badge>{t(orderStatusLabels[order.status])}</Badge>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {tf('admin.members.order.monthly', { price: yen.format(order.monthlyPrice) })}
                    {order.booksPrice > 0 && <span className="block text-xs text-muted">{tf('admin.members.order.books', { price: yen.format(order.booksPrice) })}</span>}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
                  <td className={tdClass}>{order.lessonAccountId ?? t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </Part>
  );
}

export function MemberMailsSection({ detail }: MemberPartProps) {
  return (
    <Part title={t('admin.members.mails')}>
      {detail.mails.length === 0 ? (
        <p className="text-sm">{t('admin.members.noMails')}</p>
      ) : (
        <ScrollTable label={t('admin.members.mails')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-brand-100 bg-brand-50/60">
              <tr>
                <th className={thClass}>{t('admin.members.mail.subject')}</th>
                <th className={thClass}>{t('admin.members.mail.kind')}</th>
                <th className={thClass}>{t('admin.members.mail.status')}</th>
                <th className={thClass}>{t('admin.members.mail.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.mails.map((mail) => (
                <tr key={mail.id} className="border-b border-brand-100">
                  <td className={tdClass}>{mail.subject}</td>
                  <td className={`${tdClass} font-mono text-xs`}>{mail.template}</td>
                  <td className={tdClass}>
                    <Badge tone={mail.status === 'failed' ? 'bad' : 'neutral'}>{t(mailStatusLabels[mail.status])}</Badge>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(mail.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </Part>
  );
}

export function MemberAuditSection({ detail }: MemberPartProps) {
  return (
    <Part title={t('admin.members.audit')}>
      <AuditTable rows={detail.audit} label={t('admin.members.audit')} />
    </Part>
  );
}
