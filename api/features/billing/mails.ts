import { addDays } from '../../../src/domain/billing/dates.ts';
import type { SiteSettings } from '../../../src/content/types.ts';
import type { CancellationQuote } from '../../../src/domain/billing/cancellation.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { formatPrice } from '../../../src/domain/plans/pricing.ts';
import { t, tf } from '../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailContent } from '../mail/templates/layout.ts';

/**
 * The billing clock's mail (product decision 14): service mail, always sent, each at most once (the outbox's
 * dedupe key). Copy lives in the message catalogue (src/i18n/ja/billing.ts).
 */
interface Member {
  lastName: string;
  firstName: string;
}

export function trialEndingMail(settings: SiteSettings, member: Member, input: { plan: string; lastDay: string; trialEnd: string; amount: number; months: number }): MailContent {
  return renderMail(settings, {
    subject: tf('billingMail.trialEnding.subject', { date: formatDate(input.lastDay) }),
    greeting: greeting(member),
    blocks: [
      {
        kind: 'p',
        text: tf('billingMail.trialEnding.body', {
          plan: input.plan,
          lastDay: formatDate(input.lastDay),
          trialEnd: formatDate(input.trialEnd),
          amount: formatPrice(input.amount),
          months: input.months,
        }),
      },
    ],
  });
}

/** Product decision 26: the renewal of a 3- or 12-month plan, 14 days before: the day, the amount, where to cancel. */
export function renewalNoticeMail(settings: SiteSettings, member: Member, input: { plan: string; renewsOn: string; amount: number; months: number; cancelUrl: string }): MailContent {
  return renderMail(settings, {
    subject: tf('billingMail.renewal.subject', { date: formatDate(input.renewsOn) }),
    greeting: greeting(member),
    blocks: [
      {
        kind: 'p',
        text: tf('billingMail.renewal.body', { plan: input.plan, date: formatDate(input.renewsOn), amount: formatPrice(input.amount), months: input.months, lastDay: formatDate(addDays(input.renewsOn, -1)) }),
      },
      { kind: 'link', label: t('billingMail.renewal.cancel'), url: input.cancelUrl },
    ],
  });
}

export function paymentReceivedMail(settings: SiteSettings, member: Member, input: { description: string; amount: number; paidOn: string; receiptUrl: string }): MailContent {
  return renderMail(settings, {
    subject: tf('billingMail.paid.subject', { amount: formatPrice(input.amount) }),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: tf('billingMail.paid.body', { description: input.description, amount: formatPrice(input.amount), date: formatDate(input.paidOn) }) },
      { kind: 'link', label: t('billingMail.paid.receipt'), url: input.receiptUrl },
    ],
  });
}

export function paymentFailedMail(
  settings: SiteSettings,
  member: Member,
  input: { description: string; amount: number; nextRetryOn: string | null; cardUrl: string; lessonsContinue?: boolean },
): MailContent {
  // A plan charge: retrying, lessons continue until the last retry fails (product decision 28).
  const retry = (input.nextRetryOn ? tf('billingMail.failed.retryOn', { date: formatDate(input.nextRetryOn) }) : t('billingMail.failed.noRetry')) + (input.lessonsContinue ? t('billingMail.failed.lessonsContinue') : '');
  return renderMail(settings, {
    subject: t('billingMail.failed.subject'),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: tf('billingMail.failed.body', { description: input.description, amount: formatPrice(input.amount), retry }) },
      { kind: 'link', label: t('billingMail.failed.update'), url: input.cardUrl },
    ],
  });
}

export function finalNoticeMail(settings: SiteSettings, member: Member, input: { description: string; amount: number; lastRetryOn: string; cardUrl: string }): MailContent {
  return renderMail(settings, {
    subject: t('billingMail.finalNotice.subject'),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: tf('billingMail.finalNotice.body', { description: input.description, amount: formatPrice(input.amount), date: formatDate(input.lastRetryOn) }) },
      { kind: 'link', label: t('billingMail.failed.update'), url: input.cardUrl },
    ],
  });
}

export function suspendedMail(settings: SiteSettings, member: Member, input: { description: string; amount: number; cardUrl: string }): MailContent {
  return renderMail(settings, {
    subject: t('billingMail.suspended.subject'),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: tf('billingMail.suspended.body', { description: input.description, amount: formatPrice(input.amount) }) },
      { kind: 'link', label: t('billingMail.failed.update'), url: input.cardUrl },
    ],
  });
}

export function cardExpiringMail(settings: SiteSettings, member: Member, input: { brand: string; last4: string; cardUrl: string }): MailContent {
  return renderMail(settings, {
    subject: t('billingMail.cardExpiring.subject'),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: tf('billingMail.cardExpiring.body', { brand: input.brand, last4: input.last4 }) },
      { kind: 'link', label: t('billingMail.failed.update'), url: input.cardUrl },
    ],
  });
}

export function subscriptionEndedMail(settings: SiteSettings, member: Member, input: { plan: string; endedOn: string; returnBy: string | null }): MailContent {
  const device = input.returnBy ? tf('billingMail.ended.device', { date: formatDate(input.returnBy) }) : '';
  return renderMail(settings, {
    subject: t('billingMail.ended.subject'),
    greeting: greeting(member),
    blocks: [{ kind: 'p', text: tf('billingMail.ended.body', { plan: input.plan, date: formatDate(input.endedOn), device }) }],
  });
}

export function buyoutMail(settings: SiteSettings, member: Member, input: { returnBy: string; amount: number }): MailContent {
  return renderMail(settings, {
    subject: t('billingMail.buyout.subject'),
    greeting: greeting(member),
    blocks: [{ kind: 'p', text: tf('billingMail.buyout.body', { date: formatDate(input.returnBy), amount: formatPrice(input.amount) }) }],
  });
}

/** The cancellation's confirmation: when it takes effect, each fee, the refund, the return deadline and how each was computed. */
export function cancellationMail(
  settings: SiteSettings,
  member: Member,
  input: { plan: string; quote: Pick<CancellationQuote, 'effectiveOn' | 'endsAtOnce' | 'fees' | 'refund' | 'deviceReturnBy'>; lines: string[] },
): MailContent {
  const { quote } = input;
  const fees = quote.fees.length ? quote.fees.map((fee) => tf('billingMail.cancellation.fee', { what: t(`billing.fee.${fee.kind}`), amount: formatPrice(fee.amount) })).join('\n') : t('billingMail.cancellation.noFee');
  const summary = [
    tf(quote.endsAtOnce ? (quote.refund > 0 ? 'billingMail.cancellation.endsNowWithRefund' : 'billingMail.cancellation.endsNow') : 'billingMail.cancellation.endsOn', { plan: input.plan, date: formatDate(quote.effectiveOn) }),
    fees,
    quote.refund > 0 ? tf('billingMail.cancellation.refund', { amount: formatPrice(quote.refund) }) : t('billingMail.cancellation.noRefund'),
    quote.deviceReturnBy ? tf('billingMail.cancellation.returnBy', { date: formatDate(quote.deviceReturnBy) }) : '',
  ].filter(Boolean);
  return renderMail(settings, {
    subject: t('billingMail.cancellation.subject'),
    greeting: greeting(member),
    blocks: [
      { kind: 'p', text: summary.join('\n') },
      { kind: 'p', text: `${t('billingMail.cancellation.how')}\n${input.lines.join('\n')}` },
    ],
  });
}
