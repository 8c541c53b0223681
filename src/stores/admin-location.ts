import { atom } from 'nanostores';

/**
 * Where the admin console is (history mode, spec §2): the path names the section, the query its
 * filters. Moving inside the console changes the address without reloading the page, and the
 * browser's back and forward buttons move between sections.
 */
export interface AdminLocation {
  pathname: string;
  search: string;
}

const read = (): AdminLocation =>
  typeof window === 'undefined' ? { pathname: '/admin', search: '' } : { pathname: window.location.pathname, search: window.location.search };

export const $adminLocation = atom<AdminLocation>(read());

/** Goes to a console address; scroll returns to the top on each navigation (spec §2). */
export function navigateAdmin(href: string, options: { replace?: boolean } = {}): void {
  const current = window.location.pathname + window.location.search;
  if (href !== current) window.history[options.replace ? 'replaceState' : 'pushState'](null, '', href);
  $adminLocation.set(read());
  if (!options.replace) window.scrollTo(0, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => $adminLocation.set(read()));
}

/** A link click that the console handles itself (not a new tab, not a modified click). */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
