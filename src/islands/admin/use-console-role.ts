import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import type { ConsoleRole } from '../../domain/admin/permissions.ts';
import { CONSOLE_ROLE_HINT_COOKIE, roleOfHint } from '../../domain/session-hint.ts';
import { fetchSession } from '../../lib/auth-client.ts';

/**
 * The signed-in account's console role (product decision 32), read once per page: the menu shows
 * only what the role may open. Undefined while loading; null when it has none. The API checks the
 * same table on every call, so this only decides what is shown. The server names the role the
 * page was served to in a readable cookie (CONSOLE_ROLE_HINT_COOKIE): the console starts with it,
 * so the addressed section and its first read do not wait for the session read (issue 27).
 */
const $consoleRole = atom<ConsoleRole | null | undefined>(takeRoleHint());
let requested = false;

export function useConsoleRole(): ConsoleRole | null | undefined {
  const role = useStore($consoleRole);
  useEffect(() => {
    if (requested) return;
    requested = true;
    fetchSession()
      .then((session) => $consoleRole.set(session?.consoleRole ?? null))
      .catch(() => $consoleRole.set(null));
  }, []);
  return role;
}

/**
 * The role the server served this page to, or undefined (no hint: the session read decides). The
 * hint is this page load's: it is read once and cleared, so no later page starts from it.
 */
function takeRoleHint(): ConsoleRole | undefined {
  if (typeof document === 'undefined') return undefined;
  const role = roleOfHint(document.cookie);
  if (role) document.cookie = `${CONSOLE_ROLE_HINT_COOKIE}=; Max-Age=0; Path=/admin; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}`;
  return role;
}
