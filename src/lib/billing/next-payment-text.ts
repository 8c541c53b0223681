import type { NextPaymentLine } from '../../domain/billing/next-action.ts';
import { formatDate } from '../../domain/format-date.ts';
import { t, tf } from '../../i18n/ja.ts';

/**
 * The words of My Page's 「次回お支払日」 line for the case the domain rule chose (nextPaymentLine):
 * My Page, the plan-switch page and the console all show it through this function.
 */
export function nextPaymentText(line: NextPaymentLine): string {
  switch (line.kind) {
    case 'date':
      return formatDate(line.on);
    case 'awaitingShipment':
      return t('member.trialPending');
    case 'newCard':
      return t('nextPayment.newCard');
    case 'suspended':
      return t('nextPayment.suspended');
    case 'endsOn':
      return tf('nextPayment.endsOn', { date: formatDate(line.on) });
    case 'nothing':
      return t('nextPayment.nothing');
  }
}
