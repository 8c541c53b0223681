import { useSyncExternalStore } from 'react';

function subscribeNever(): () => void {
  return () => undefined;
}

/** The page's query string; empty while rendering at build time, so hydration matches. */
export function useLocationSearch(): string {
  return useSyncExternalStore(subscribeNever, () => window.location.search, () => '');
}

/** The page's fragment (after #); empty while rendering at build time. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribeNever, () => window.location.hash, () => '');
}
