import type { PlanKind } from '../../domain/plans/availability.ts';
import type { Category } from '../../domain/plans/types.ts';
import { t } from '../../i18n/ja.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, livePlans } from '../../stores/subscriptions.ts';
import RegistrationPage from '../registration/RegistrationPage.tsx';

interface Props {
  /** The kind of plan this page adds (product decision 23). */
  kind: PlanKind;
  offeredCategories: Category[];
}

/**
 * /registration-mej and /registration-me (product decision 23): the registration screen for the second
 * plan, with the saved address and card already in place. While the member holds a plan of that
 * kind the register button is inactive (spec); the API refuses a second one of a kind anyway.
 */
export default function SecondPlanPage({ kind, offeredCategories }: Props) {
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  if (status !== 'ready' && status !== 'failed') return <p className="text-sm text-muted">{t('common.loading')}</p>;
  const held = livePlans(list).some((sub) => sub.kind === kind);
  if (held) {
    return (
      <div className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6">
        <p role="status" className="text-sm">
          {t(kind === 'esatj' ? 'mypage.second.esatjHeld' : 'mypage.second.normalHeld')}
        </p>
        <button type="button" disabled className="cursor-not-allowed rounded-full bg-slate-300 px-6 py-3 font-bold text-slate-600">
          {t('mypage.second.register')}
        </button>
      </div>
    );
  }
  return <RegistrationPage offeredCategories={offeredCategories} initialCategory={offeredCategories.length === 1 ? offeredCategories[0] : undefined} />;
}
