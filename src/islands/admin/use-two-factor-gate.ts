import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import type { TwoFactorStatus } from '../../domain/admin/two-factor.ts';
import { api } from '../../lib/api.ts';

/**
 * Whether the console is open (product decision 24): under ADMIN_REQUIRE_2FA an admin without a second
 * factor sees only the security settings, and so does a session that did not pass the account's
 * factor (product decision 32: it must sign in again with the code). Unknown while loading; a
 * failed load leaves it open, since every API route checks the same rule anyway.
 */
export type TwoFactorGate = 'unknown' | 'open' | 'enrolmentRequired' | 'sessionRequired';

export const $twoFactorStatus = atom<TwoFactorStatus | undefined>(undefined);

export async function refreshTwoFactorStatus(): Promise<TwoFactorStatus> {
  const { data } = await api<{ data: TwoFactorStatus }>('/v2/admin/two-factor');
  $twoFactorStatus.set(data);
  return data;
}

export function useTwoFactorGate(): TwoFactorGate {
  const status = useStore($twoFactorStatus);
  useEffect(() => {
    refreshTwoFactorStatus().catch(() => $twoFactorStatus.set({ enabled: false, required: false, pending: false, recoveryCodesLeft: 0, sessionVerified: false }));
  }, []);
  if (!status) return 'unknown';
  if (status.enabled && !status.sessionVerified) return 'sessionRequired';
  return status.required && !status.enabled ? 'enrolmentRequired' : 'open';
}
