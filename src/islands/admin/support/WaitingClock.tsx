import type { ReplyClock } from '../../../domain/support/business-days.ts';
import { formatNumericDate } from '../../../domain/format-date.ts';
import { t, tf } from '../../../i18n/ja.ts';

/** Since when the sender waits, how many business days that is, the promise's last day, and overdue. */
export function WaitingClock({ waitingSince, clock }: { waitingSince: string; clock: ReplyClock }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span>{tf('inbox.waitingSince', { date: formatNumericDate(new Date(waitingSince)), days: clock.businessDaysWaiting })}</span>
      <span>{tf('inbox.due', { date: clock.dueDate.replaceAll('-', '/') })}</span>
      {clock.overdue && <span className="rounded-full bg-red-700 px-2 py-0.5 font-bold text-white">{t('inbox.overdue')}</span>}
    </span>
  );
}
