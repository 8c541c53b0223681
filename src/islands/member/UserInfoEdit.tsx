import { useStore } from '@nanostores/react';
import { t } from '../../i18n/ja.ts';
import { $profile } from '../../lib/server-data.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, livePlans } from '../../stores/subscriptions.ts';
import { AccountDataSection } from './AccountDataSection.tsx';
import { EmailChangeForm } from './EmailChangeForm.tsx';
import { PlanCard } from './MemberPlans.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useMemberSession } from './use-member-session.ts';

const card = 'rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6';

/** /user-info-edit and /mej-user-info: the plan of that kind, the profile, the email, the member's data. */
export default function UserInfoEdit({ kind }: { kind: 'normal' | 'esatj' }) {
  useMemberSession();
  // Read once the session is confirmed; a failed read stays on "loading" after its snackbar.
  const profile = useStore($profile).data;
  const { list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const plan = livePlans(list).find((sub) => sub.kind === kind);
  return (
    <div className="space-y-8">
      {plan && (
        <section aria-labelledby="user-info-plan">
          <h2 id="user-info-plan" className="mb-3 text-lg text-brand-800">
            {t('mypage.plans.title')}
          </h2>
          <PlanCard plan={plan} />
        </section>
      )}
      {profile === undefined ? (
        <p className="text-sm text-muted">{t('common.loading')}</p>
      ) : (
        <>
          <section aria-labelledby="user-info-profile" className={card}>
            <h2 id="user-info-profile" className="mb-4 text-lg text-brand-800">
              {t('mypage.profile.title')}
            </h2>
            <ProfileForm profile={profile} onSaved={(saved) => $profile.mutate(saved)} />
          </section>
          <section aria-labelledby="user-info-email" className={card}>
            <h2 id="user-info-email" className="mb-4 text-lg text-brand-800">
              {t('mypage.profile.emailTitle')}
            </h2>
            <EmailChangeForm current={profile.email} pending={profile.pendingEmail} onRequested={(email) => $profile.mutate({ ...profile, pendingEmail: email })} />
          </section>
          <section aria-labelledby="user-info-data" className={card}>
            <h2 id="user-info-data" className="mb-4 text-lg text-brand-800">
              {t('mypage.data.title')}
            </h2>
            <AccountDataSection />
          </section>
        </>
      )}
    </div>
  );
}
