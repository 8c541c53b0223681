import type { SiteSettings } from '../../../../src/content/types.ts';
import { CANCELLATION_SHIPPING_FEE, TABLET_TRIAL_CANCELLATION_FEE, TRIAL_DAYS } from '../../../../src/domain/constants.ts';
import { formatOrderNumber } from '../../../../src/domain/documents/order-number.ts';
import { formatPrice } from '../../../../src/domain/plans/pricing.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import type { OrderRow } from '../../orders/service.ts';
import { greeting, renderMail, type MailBlock, type MailContent } from './layout.ts';

/** The order confirmation: what was bought, what it costs and when, and how to cancel. */
export function orderConfirmationMail(settings: SiteSettings, input: { account: { lastName: string; firstName: string }; order: OrderRow }): MailContent {
  const { order } = input;
  const esatj = order.kind === 'esatj';
  const blocks: MailBlock[] = [
    { kind: 'p', text: tf('orderMail.thanks', { service: settings.serviceName }) },
    {
      kind: 'p',
      text: [
        tf('orderMail.number', { number: formatOrderNumber(order.number) }),
        tf('orderMail.plan', { plan: order.planName }),
        order.packageType === 'adult'
          ? tf('orderMail.contractPrice', { total: formatPrice(order.totalPrice) })
          : tf('orderMail.monthlyPrice', { monthly: formatPrice(order.monthlyPrice), months: order.contractMonth, total: formatPrice(order.totalPrice) }),
        ...(order.booksPrice > 0 ? [tf('orderMail.books', { price: formatPrice(order.booksPrice) })] : []),
      ].join('\n'),
    },
    { kind: 'p', text: tf('orderMail.trial', { shipped: t(esatj ? 'orderMail.shipped.esatj' : 'orderMail.shipped.robot'), days: TRIAL_DAYS }) },
    ...(order.lessonAccountId ? [{ kind: 'p' as const, text: tf('orderMail.lessonAccount', { id: order.lessonAccountId }) }] : []),
    {
      kind: 'p',
      text: [
        tf('orderMail.cancel', { fee: formatPrice(CANCELLATION_SHIPPING_FEE) }),
        ...(esatj ? [tf('orderMail.cancelTablet', { fee: formatPrice(TABLET_TRIAL_CANCELLATION_FEE) })] : []),
        t('orderMail.return'),
      ].join('\n'),
    },
  ];
  return renderMail(settings, {
    subject: t(esatj ? 'orderMail.subject.esatj' : 'orderMail.subject'),
    greeting: greeting(input.account),
    blocks,
  });
}
