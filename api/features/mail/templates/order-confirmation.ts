import type { SiteSettings } from '../../../../src/content/types.ts';
import { CANCELLATION_SHIPPING_FEE, TABLET_TRIAL_CANCELLATION_FEE, TRIAL_DAYS } from '../../../../src/domain/constants.ts';
import { formatOrderNumber } from '../../../../src/domain/documents/order-number.ts';
import { formatPrice } from '../../../../src/domain/plans/pricing.ts';
import type { OrderRow } from '../../orders/service.ts';
import { renderMail, type MailBlock, type MailContent } from './layout.ts';

/** The order confirmation: what was bought, what it costs and when, and how to cancel. */
export function orderConfirmationMail(settings: SiteSettings, input: { account: { lastName: string; firstName: string }; order: OrderRow }): MailContent {
  const { order } = input;
  const esatj = order.kind === 'esatj';
  const blocks: MailBlock[] = [
    { kind: 'p', text: `${settings.serviceName}にお申し込みいただき、ありがとうございます。お申し込みを受け付けました。` },
    {
      kind: 'p',
      text: [
        `ご注文番号：${formatOrderNumber(order.number)}`,
        `プラン：${order.planName}`,
        order.packageType === 'adult'
          ? `ご契約期間の料金：${formatPrice(order.totalPrice)}`
          : `月額：${formatPrice(order.monthlyPrice)}（ご契約期間 ${order.contractMonth}ヶ月・合計 ${formatPrice(order.totalPrice)}）`,
        ...(order.booksPrice > 0 ? [`オプション教材：${formatPrice(order.booksPrice)}（本日お支払い済み）`] : []),
      ].join('\n'),
    },
    {
      kind: 'p',
      text: esatj
        ? `ワークブック（とタブレット）の発送日から${TRIAL_DAYS}日間は無料体験です。初回のお支払いは無料体験が終わった日に、登録のクレジットカードで行われます。その後は契約期間ごとに自動で更新されます。`
        : `ロボットの発送日から${TRIAL_DAYS}日間は無料体験です。初回のお支払いは無料体験が終わった日に、登録のクレジットカードで行われます。その後は契約期間ごとに自動で更新されます。`,
    },
    ...(order.lessonAccountId ? [{ kind: 'p' as const, text: `レッスンアカウント番号：${order.lessonAccountId}\nレッスンの予約はマイページの「レッスン予約」から行えます。` }] : []),
    {
      kind: 'p',
      text: [
        `解約はマイページまたはお問い合わせフォームから承ります。無料体験中の解約でも、往復の送料 ${formatPrice(CANCELLATION_SHIPPING_FEE)} がかかります。`,
        ...(esatj ? [`タブレットをレンタルの場合、無料体験中の解約ではタブレット代 ${formatPrice(TABLET_TRIAL_CANCELLATION_FEE)} がかかります。`] : []),
        '貸与品は解約から1週間以内にご返送ください。返送がない場合は買い取り代金をご請求します。',
      ].join('\n'),
    },
  ];
  return renderMail(settings, {
    subject: esatj ? 'Musio ESAT-J お申し込み完了のお知らせ' : 'お申し込み完了のお知らせ',
    greeting: `${input.account.lastName} ${input.account.firstName} 様`,
    blocks,
  });
}
