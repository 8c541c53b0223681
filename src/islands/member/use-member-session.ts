import { useEffect, useState } from 'react';
import { decideRoute, mustSignOutForMissingCard } from '../../domain/route-access.ts';
import { api } from '../../lib/api.ts';
import { fetchSession, type SessionInfo } from '../../lib/auth-client.ts';
import { $memberConfirmed } from '../../lib/server-data.ts';
import { showError } from '../../stores/snackbar.ts';

/**
 * The signed-in member for a member-area island. The server already guarded the page; this
 * applies the same rule again if the session ended while the page was open, and the card rule
 * (product decision 3): a signed-up member whose card is gone is signed out.
 */
export function useMemberSession(): SessionInfo | null {
  const [session, setSession] = useState<SessionInfo | null>(null);
  useEffect(() => {
    let active = true;
    fetchSession().then(
      (info) => {
        if (!active) return;
        if (info && mustSignOutForMissingCard(info)) {
          void api('/auth/signout', { method: 'POST' })
            .catch(() => undefined)
            .then(() => {
              sessionStorage.clear();
              window.location.assign('/');
            });
          return;
        }
        const path = window.location.pathname + window.location.search;
        const decision = decideRoute(path, info ? { signedIn: true, isAdmin: info.isAdmin, isSignedUp: info.isSignedUp } : { signedIn: false });
        if (decision.kind === 'redirect') window.location.assign(decision.to);
        else {
          // The member may stay: member resources may now be read (lib/server-data).
          if (info) $memberConfirmed.set('');
          setSession(info);
        }
      },
      () => active && showError('networkError'),
    );
    return () => {
      active = false;
    };
  }, []);
  return session;
}
