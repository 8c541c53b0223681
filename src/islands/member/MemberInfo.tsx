import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../i18n/ja.ts';
import { nextPaymentText } from '../../lib/billing/next-payment-text.ts';
import { $userdata } from '../../lib/server-data.ts';
import type { UserdataRecord as UserRecord } from '../../domain/userdata.ts';
import { useMemberSession } from './use-member-session.ts';

const RELOAD_FLAG = 'musio:userdata-reloaded';

/** The member's records; missing once → one reload (spec), kept from repeating by a tab flag. */
function useUserdata(): UserRecord[] | null | undefined {
  const { data, error } = useStore($userdata);
  const failed = error !== undefined;
  // Whether this page is already the one reload (the flag as the page found it; unused until a failure).
  const [reloaded] = useState(() => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(RELOAD_FLAG) !== null);
  useEffect(() => {
    if (data) sessionStorage.removeItem(RELOAD_FLAG);
  }, [data]);
  useEffect(() => {
    if (!failed || reloaded) return;
    sessionStorage.setItem(RELOAD_FLAG, '1');
    window.location.reload();
  }, [failed, reloaded]);
  // Still "loading" while the one reload is on its way.
  return failed ? (reloaded ? null : undefined) : data;
}

/** My Page's user information: Email, name (last name first), plan, next payment, lesson account. */
export default function MemberInfo() {
  const session = useMemberSession();
  const records = useUserdata();
  // Plan and next payment come from the non-ESAT-J record (spec).
  const normal = records?.find((record) => record.kind === 'normal');
  const nextPayment = normal ? nextPaymentText(normal.next_payment) : undefined;
  const loading = !session || records === undefined;
  // [label, value, whether the value may break anywhere: an email address has no phrase to break at]
  const rows: [string, string | undefined, boolean?][] = [
    [t('member.email'), session?.email, true],
    [t('member.name'), session?.name],
    [t('member.plan'), normal?.plan],
    [t('member.nextPayment'), nextPayment],
    [t('member.lessonAccount'), normal?.kimini?.id],
  ];
  return (
    <section aria-labelledby="member-info" aria-busy={loading}>
      <h2 id="member-info" className="text-lg text-brand-800">
        {t('member.userInfo')}
      </h2>
      <dl className="mt-4 divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
        {rows.map(([label, value, anywhere]) => (
          // The label column fits レッスンアカウント番号 on one line.
          <div key={label} className="grid grid-cols-[10rem_1fr] gap-4 px-5 py-3 text-sm">
            <dt className="font-bold text-muted">{label}</dt>
            {/* Two lines tall on a phone from the start: a value that wraps does not push the rows under it (issue 27).
                Only the email address breaks anywhere: 「12か月」 in a plan's name stays whole. */}
            <dd className={`min-h-10 sm:min-h-0 ${anywhere ? 'break-all' : ''}`}>{loading ? t('common.loading') : (value ?? t('common.none'))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
