import { adultOptionOf, contractMonthsFromOptionId, isFamilyOption } from '../domain/plans/pricing.ts';
import type { Category } from '../domain/plans/types.ts';
import { t, tf } from '../i18n/plans.ts';

/** The catalogue category an option id is sold in (original plans are in both kodomo and otona). */
export function categoryOfOption(optionId: string): Category {
  if (optionId.startsWith('ESAT-J_')) return 'esatj';
  if (optionId === 'ME_Plan_3_1' || isFamilyOption(optionId)) return 'kodomo';
  return 'otona';
}

/** A plan's name for copy that refers to it by option id: 「ベーシックプラン 12か月契約」, 「おとなプラン Edge Hawaii 月8回」. */
export function planOptionLabel(optionId: string): string {
  const months = String(contractMonthsFromOptionId(optionId) ?? '');
  if (optionId === 'ME_Plan_3_1') return t('plan.optionLabel.kids');
  if (isFamilyOption(optionId)) return t('plan.optionLabel.family');
  // One course at one lesson count: its tile names both.
  const adult = adultOptionOf(optionId);
  if (adult) return tf(adult.course === 'hawaii' ? 'plan.optionLabel.adultHawaii' : 'plan.optionLabel.adultBusiness', { lessons: String(adult.lessons) });
  const esatj = /^ESAT-J_Plan_([1-6])$/.exec(optionId);
  if (esatj) return tf(Number(esatj[1]) > 3 ? 'plan.optionLabel.esatjTablet' : 'plan.optionLabel.esatj', { months });
  return tf('plan.optionLabel.original', { months });
}
