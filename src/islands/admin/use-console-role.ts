import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import type { ConsoleRole } from '../../domain/admin/permissions.ts';
import { fetchSession } from '../../lib/auth-client.ts';

/**
 * The signed-in account's console role (product decision 32), read once per page: the menu shows
 * only what the role may open. Undefined while loading; null when it has none. The API checks the
 * same table on every call, so this only decides what is shown.
 */
const $consoleRole = atom<ConsoleRole | null | undefined>(undefined);
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
