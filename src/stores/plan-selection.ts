import { atom, computed } from 'nanostores';
import { emptySelection } from '../domain/plans/selection.ts';
import { bookChoices, categories, type Category, type PlanSelection, type Product } from '../domain/plans/types.ts';
import { createFetcherStore } from '../lib/fetcher.ts';

/**
 * The plan being chosen, kept for the tab (sessionStorage), so it survives sign-up and arrives
 * at registration. Logout clears the tab's storage.
 */
const STORAGE_KEY = 'musio:plan-selection';

function restore(): PlanSelection {
  if (typeof sessionStorage === 'undefined') return emptySelection;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<PlanSelection> | null;
    if (!parsed || typeof parsed !== 'object') return emptySelection;
    const books = Array.isArray(parsed.books) ? parsed.books.filter((book) => (bookChoices as readonly string[]).includes(book)) : [];
    return { ...parsed, books: books.length ? books : ['none'] } as PlanSelection;
  } catch {
    return emptySelection;
  }
}

/** Starts empty (as at build time, so hydration matches); restorePlanSelection() fills it on mount. */
export const $planSelection = atom<PlanSelection>(emptySelection);

let restored = false;
export function restorePlanSelection(): PlanSelection {
  if (!restored) {
    restored = true;
    $planSelection.set(restore());
  }
  return $planSelection.get();
}

$planSelection.listen((selection) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(selection));
  } catch {
    // Storage unavailable: the choice lives as long as the page.
  }
});

/** The chosen category, when it is one the catalogue has (the key of the catalogue's read). */
const $chosenCategory = computed($planSelection, (selection): Category | null => (selection.category && categories.includes(selection.category) ? selection.category : null));

/**
 * The chosen category's catalogue through the fetcher layer: read when a category is chosen,
 * once per category and page (the API reply is cacheable), kept while a re-read is under way.
 */
export const $catalogueQuery = createFetcherStore<Product[]>(['/v2/products?category=', $chosenCategory]);

/** The catalogue of `category`, when it is the chosen one and has been read. */
export const $catalogue = computed([$catalogueQuery, $chosenCategory], (value, category) => (category && value.data ? { [category]: value.data } : {}) as Partial<Record<Category, Product[]>>);

/** True when the chosen category's catalogue could not be read. */
export const $catalogueError = computed($catalogueQuery, (value) => value.error !== undefined);
