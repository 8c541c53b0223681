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

/**
 * /user-info-edit and /mej-user-info: the plan of that kind, the profile, the email, the member's data.
 * The first render (the page's HTML) already draws every section at its final size: the plan's place
 * is kept while the plans load, the forms wait disabled for the profile, so the page paints at once
 * and nothing moves as the data arrive (issue 27).
 */
export default function UserInfoEdit({ kind }: { kind: 'normal' | 'esatj' }) {
  useMemberSession();
  // Read once the session is confirmed; a failed read leaves the forms disabled after its snackbar.
  const profile = useStore($profile).data;
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const plan = livePlans(list).find((sub) => sub.kind === kind);
  const plansLoading = status === 'idle' || status === 'loading';
  return (
    <div className="space-y-8">
      {(plan || plansLoading) && (
        <section aria-labelledby="user-info-plan" aria-busy={plansLoading}>
          <h2 id="user-info-plan" className="mb-3 text-lg text-brand-800">
            {t('mypage.plans.title')}
          </h2>
          {/* The usual card's height, kept from the first paint (a card with more lines grows). */}
          <div className="min-h-56">{plan ? <PlanCard plan={plan} /> : <div aria-hidden="true" className="h-56 rounded-2xl bg-white ring-1 ring-brand-100" />}</div>
        </section>
      )}
      <section aria-labelledby="user-info-profile" className={card}>
        <h2 id="user-info-profile" className="mb-4 text-lg text-brand-800">
          {t('mypage.profile.title')}
        </h2>
        <ProfileForm key={profile ? 'profile' : 'loading'} profile={profile} onSaved={(saved) => $profile.mutate(saved)} />
      </section>
      <section aria-labelledby="user-info-email" className={card}>
        <h2 id="user-info-email" className="mb-4 text-lg text-brand-800">
          {t('mypage.profile.emailTitle')}
        </h2>
        <EmailChangeForm current={profile?.email} pending={profile?.pendingEmail ?? null} onRequested={(email) => profile && $profile.mutate({ ...profile, pendingEmail: email })} />
      </section>
      <section aria-labelledby="user-info-data" className={card}>
        <h2 id="user-info-data" className="mb-4 text-lg text-brand-800">
          {t('mypage.data.title')}
        </h2>
        <AccountDataSection />
      </section>
    </div>
  );
}
