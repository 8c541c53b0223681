import { useStore } from '@nanostores/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { contentsFor, frequenciesFor, hasSafetyPlan, hasTextbooks, packageTypesFor, subscriptionTypesFor } from '../../domain/plans/availability.ts';
import { formatPrice } from '../../domain/plans/pricing.ts';
import { applyChange, selectionFor, type SelectionChange } from '../../domain/plans/selection.ts';
import { categories as allCategories, type Category } from '../../domain/plans/types.ts';
import { t } from '../../i18n/plans.ts';
import { $catalogueError, $planSelection, restorePlanSelection } from '../../stores/plan-selection.ts';
import { BookChoices } from './BookChoices.tsx';
import { ChoiceGroup, Step, type Choice } from './ChoiceGroup.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { useChosenPlan } from './use-chosen-plan.ts';

interface Props {
  /** The category named by the page (/plan/kodomo …); it wins over a choice kept from before. */
  initialCategory?: Category | undefined;
  /** The categories offered (registration for Kodomo and Otona shows those two). */
  offeredCategories?: Category[];
  /**
   * 'public' (plan pages): the estimate ends with the sign-up button. 'registration': no button
   * (the order button is further down the page), the pricing notes instead. 'switch' (plan
   * switch in My Page): as registration, without textbooks (a switch buys none), the switch note.
   */
  mode?: 'public' | 'registration' | 'switch';
  /** The pricing notes shown instead of the button outside the plan pages (their text is the caller's). */
  notes?: string;
}

interface ChooserStep {
  key: string;
  title: string;
  hint?: string;
  body: ReactNode;
}

type PickedStep = Exclude<SelectionChange['step'], 'books' | 'safetyPlan'>;
type ValueOf<K extends PickedStep> = Extract<SelectionChange, { step: K }>['value'];

/** A step answered by picking one of its choices. */
function choiceStep<K extends PickedStep>(step: K, title: string, value: ValueOf<K> | undefined, choices: Choice<ValueOf<K>>[], change: (next: SelectionChange) => void): ChooserStep {
  // The value belongs to the step by the types above; TypeScript cannot pair the two in the union.
  const onChange = (picked: ValueOf<K>) => change({ step, value: picked } as SelectionChange);
  return { key: step, title, body: <ChoiceGroup title={title} value={value} choices={choices} onChange={onChange} /> };
}

/** Where the button leads: registration when signed in, otherwise sign-up first. */
function destination(category: Category): string {
  const registration = `/registration/${category}`;
  const signedIn = document.documentElement.dataset.auth === 'in';
  return signedIn ? registration : `/signup?redirect=${encodeURIComponent(registration)}`;
}

/** The sign-up button: disabled while the computed price is 0. */
function ChooseButton({ category, className }: { category: Category | undefined; className: string }) {
  return (
    <button
      type="button"
      disabled={!category}
      onClick={() => category && window.location.assign(destination(category))}
      className={`${className} w-full rounded-full bg-brand-600 px-6 py-3 text-center font-bold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none`}
    >
      {t('plan.submit')}
    </button>
  );
}

/** The plan chooser of the public plan pages: steps in the spec's order, then the price and the button. */
export default function PlanChooser({ initialCategory, offeredCategories = [...allCategories], mode = 'public', notes }: Props) {
  const { selection, summary } = useChosenPlan(initialCategory);
  const failed = useStore($catalogueError);

  const offered = offeredCategories.join(' ');
  // A layout effect: the kept choice is restored in the same task as hydration, before anything can
  // be clicked, so a first choice made at once is never overwritten by the restore.
  useLayoutEffect(() => {
    const kept = restorePlanSelection();
    if (initialCategory && kept.category !== initialCategory) $planSelection.set(selectionFor(initialCategory));
    // A choice kept from a plan page that this page does not offer starts over.
    else if (kept.category && !offered.split(' ').includes(kept.category)) $planSelection.set(selectionFor(undefined));
  }, [initialCategory, offered]);

  const change = (next: SelectionChange) => $planSelection.set(applyChange(selection, next));
  const { packageType } = selection;
  const category = selection.category;

  // The steps in the spec's order; a step appears once the earlier answers make it relevant.
  const steps: ChooserStep[] = [
    choiceStep('category', t('plan.step.category'), category, offeredCategories.map((c) => ({ value: c, label: t(`plan.category.${c}`), hint: t(`plan.categoryHint.${c}`) })), change),
  ];
  if (category) {
    const title = t(category === 'esatj' ? 'plan.step.device' : 'plan.step.packageType');
    steps.push(choiceStep('packageType', title, packageType, packageTypesFor(category).map((p) => ({ value: p, label: t(`plan.package.${p}`), hint: t(`plan.packageHint.${p}`) })), change));
  }
  if (packageType) {
    steps.push(choiceStep('subscriptionType', t('plan.step.subscriptionType'), selection.subscriptionType, subscriptionTypesFor(packageType).map((s) => ({ value: s, label: t(`plan.period.${s}`) })), change));
    if (frequenciesFor(packageType).length > 0) {
      const choices = frequenciesFor(packageType).map((f) => ({ value: f, label: t(`plan.lessons.${f}`), hint: t(`plan.lessonsHint.${f}`) }));
      steps.push(choiceStep('frequency', t('plan.step.frequency'), selection.frequency, choices, change));
    }
    if (contentsFor(packageType).length > 0) {
      steps.push(choiceStep('packageContent', t('plan.step.packageContent'), selection.packageContent, contentsFor(packageType).map((c) => ({ value: c, label: t(`plan.content.${c}`) })), change));
    }
    if (hasTextbooks(packageType) && mode !== 'switch') {
      steps.push({
        key: 'books',
        title: t('plan.step.books'),
        hint: t('plan.step.booksHint'),
        body: <BookChoices labelledBy="plan-step-books" value={selection.books} onChange={(value) => change({ step: 'books', value })} />,
      });
    }
    if (hasSafetyPlan(packageType)) {
      steps.push({
        key: 'safetyPlan',
        title: t('plan.step.safetyPlan'),
        hint: t('plan.step.safetyPlanHint'),
        body: (
          <ChoiceGroup
            title={t('plan.step.safetyPlan')}
            value={selection.safetyPlan === undefined ? undefined : selection.safetyPlan ? 'joined' : 'notJoined'}
            choices={[
              { value: 'joined', label: t('plan.safety.joined') },
              { value: 'notJoined', label: t('plan.safety.notJoined') },
            ]}
            onChange={(value) => change({ step: 'safetyPlan', value: value === 'joined' })}
          />
        ),
      });
    }
  }

  return (
    <div className={`grid gap-8 chooser:grid-cols-[1fr_19rem] chooser:pb-0 ${mode === 'public' ? 'pb-32' : ''}`}>
      <div className="space-y-8">
        {steps.map((step, index) => (
          <Step key={step.key} id={step.key === 'books' ? 'plan-step-books' : undefined} number={index + 1} title={step.title} hint={step.hint}>
            {step.body}
          </Step>
        ))}
      </div>

      <aside aria-labelledby="plan-summary" className="chooser:sticky chooser:top-20 chooser:self-start">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
          <h3 id="plan-summary" className="text-base text-brand-800">
            {t('plan.summary.title')}
          </h3>
          <div className="mt-3" aria-live="polite">
            {failed ? (
              <p role="alert" className="text-sm text-red-700">
                {t('plan.loadFailed')}
              </p>
            ) : (
              <PriceSummary summary={summary} isAdult={packageType === 'adult'} addsRobot={packageType === 'kids' || packageType === 'family'} />
            )}
          </div>
          {mode === 'public' ? (
            <>
              <p className="mt-4 text-xs text-muted">{t(category === 'esatj' ? 'plan.summary.trialEsatj' : 'plan.summary.trial')}</p>
              <ChooseButton category={summary.total > 0 ? selection.category : undefined} className="mt-4 hidden chooser:block" />
            </>
          ) : (
            notes && <p className="mt-4 text-xs text-muted">{notes}</p>
          )}
        </div>
      </aside>

      {mode === 'public' && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white/95 px-4 py-2 pr-24 backdrop-blur chooser:hidden">
          <p className="mb-1 text-center text-xs font-bold text-brand-800" aria-hidden="true">
            {summary.total > 0 ? `${t('plan.summary.contractTotal')} ${formatPrice(summary.total)}` : t('plan.summary.incomplete')}
          </p>
          <ChooseButton category={summary.total > 0 ? selection.category : undefined} className="block" />
        </div>
      )}
    </div>
  );
}
