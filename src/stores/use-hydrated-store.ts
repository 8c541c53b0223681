import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A shared store's value in an island that hydrates server HTML: while hydrating, React is given
 * the value the server rendered with (another island may already have filled the store, and a
 * different first render is a hydration error); right after, the store's current value.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  return useSyncExternalStore(subscribe, () => store.get(), () => serverValue);
}
