import { useEffect, useState } from 'react';
import { formatDate } from '../../domain/format-date.ts';
import { t } from '../../i18n/ja.ts';
import { api } from '../../lib/api.ts';
import type { UserdataRecord as UserRecord, UserdataReply } from '../../domain/userdata.ts';
import { useMemberSession } from './use-member-session.ts';

const RELOAD_FLAG = 'musio:userdata-reloaded';

/** The member's records; missing once → one reload (spec), kept from repeating by a tab flag. */
function useUserdata(enabled: boolean): UserRecord[] | null | undefined {
  const [records, setRecords] = useState<UserRecord[] | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api<UserdataReply>('/v2/userdata').then(
      (reply) => {
        if (!active) return;
        sessionStorage.removeItem(RELOAD_FLAG);
        setRecords(reply.data);
      },
      () => {
        if (!active) return;
        if (!sessionStorage.getItem(RELOAD_FLAG)) {
          sessionStorage.setItem(RELOAD_FLAG, '1');
          window.location.reload();
          return;
        }
        setRecords(null);
      },
    );
    return () => {
      active = false;
    };
  }, [enabled]);
  return records;
}

/** My Page's user information: Email, name (last name first), plan, next payment, lesson account. */
export default function MemberInfo() {
  const session = useMemberSession();
  const records = useUserdata(session !== null);
  // Plan and next payment come from the non-ESAT-J record (spec).
  const normal = records?.find((record) => record.kind === 'normal');
  const nextPayment = normal ? (normal.next_pay_at ? formatDate(normal.next_pay_at) : t('member.trialPending')) : undefined;
  const loading = !session || records === undefined;
  const rows: [string, string | undefined][] = [
    [t('member.email'), session?.email],
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
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_1fr] gap-4 px-5 py-3 text-sm">
            <dt className="font-bold text-muted">{label}</dt>
            <dd className="break-all">{loading ? t('common.loading') : (value ?? t('common.none'))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
