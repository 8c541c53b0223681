import { useStore } from '@nanostores/react';
import { priceOf, selectionFor, type PriceSummary } from '../../domain/plans/selection.ts';
import type { Category, PlanSelection, Product } from '../../domain/plans/types.ts';
import { $catalogue, $planSelection } from '../../stores/plan-selection.ts';

/**
 * The plan being chosen (the kept choice, or the page's category until one is made), the
 * catalogue of its category and its price. Shared by the plan chooser and the registration page.
 */
export function useChosenPlan(initialCategory: Category | undefined): { selection: PlanSelection; products: Product[]; summary: PriceSummary } {
  const stored = useStore($planSelection);
  const catalogue = useStore($catalogue);
  const selection = stored.category ? stored : selectionFor(initialCategory);
  const products = selection.category ? (catalogue[selection.category] ?? []) : [];
  return { selection, products, summary: priceOf(products, selection) };
}
