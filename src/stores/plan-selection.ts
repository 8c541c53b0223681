import { atom, map } from 'nanostores';
import { emptySelection } from '../domain/plans/selection.ts';
import { bookChoices, categories, type Category, type PlanSelection, type Product } from '../domain/plans/types.ts';
import { api } from '../lib/api.ts';

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

/** The catalogue per category, fetched once per page (the API reply is cacheable). */
export const $catalogue = map<Partial<Record<Category, Product[]>>>({});
export const $catalogueError = atom(false);
const inFlight = new Map<Category, Promise<void>>();

export function loadCatalogue(category: Category): Promise<void> {
  if (!categories.includes(category)) return Promise.resolve();
  if ($catalogue.get()[category]) return Promise.resolve();
  let pending = inFlight.get(category);
  if (!pending) {
    pending = api<{ data: Product[] }>('/v2/products', { query: { category } }).then(
      (reply) => {
        $catalogue.setKey(category, reply.data);
        $catalogueError.set(false);
      },
      () => {
        inFlight.delete(category);
        $catalogueError.set(true);
      },
    );
    inFlight.set(category, pending);
  }
  return pending;
}
