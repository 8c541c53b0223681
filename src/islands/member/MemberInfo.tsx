import { t } from '../../i18n/ja.ts';
import { useMemberSession } from './use-member-session.ts';

/** My Page's user information: Email, name (last name first), plan, next payment, lesson account. */
export default function MemberInfo() {
  const session = useMemberSession();
  const rows: [string, string | undefined][] = [
    [t('member.email'), session?.email],
    [t('member.name'), session?.name],
    // Plan, next payment date and the lesson account come from the order (registration).
    [t('member.plan'), undefined],
    [t('member.nextPayment'), undefined],
    [t('member.lessonAccount'), undefined],
  ];
  return (
    <section aria-labelledby="member-info" aria-busy={!session}>
      <h2 id="member-info" className="text-lg text-brand-800">
        {t('member.userInfo')}
      </h2>
      <dl className="mt-4 divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_1fr] gap-4 px-5 py-3 text-sm">
            <dt className="font-bold text-muted">{label}</dt>
            <dd className="break-all">{session ? (value ?? t('common.none')) : t('common.loading')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
