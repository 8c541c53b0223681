import { EMAIL_TAKEN_CODE } from '../domain/api-errors.ts';
import type { SessionInfo } from '../domain/auth-schemas.ts';
import { safeRedirect } from '../domain/redirect.ts';
import type { MessageKey } from '../i18n/ja.ts';
import { errorKeyOf } from './api.ts';
import { $session, load } from './server-data.ts';

/** Calls of the account service, and where the browser goes afterwards. The session contract is src/domain/auth-schemas.ts. */
export type { SessionInfo };

/** The signed-in account, or null for a visitor: one shared request through the fetcher layer. */
export function fetchSession(): Promise<SessionInfo | null> {
  return load($session);
}

/** The `redirect` query value when it is a path on this site, else the fallback. */
export function redirectTarget(fallback: string): string {
  return safeRedirect(new URLSearchParams(window.location.search).get('redirect'), fallback);
}

/** Sign-up failures: 2002 → emailTaken; too many → tooManyRequests; anything else → signupError. */
export function signUpErrorKey(error: unknown): MessageKey {
  const key = errorKeyOf(error);
  if (key === 'emailTaken' || (error as { data?: { code?: unknown } }).data?.code === EMAIL_TAKEN_CODE) return 'emailTaken';
  if (key === 'tooManyRequests' || key === 'networkError') return key;
  return 'signupError';
}

const signInKeys: readonly MessageKey[] = ['tooManyRequests', 'networkError', 'twoFactorRequired', 'invalidOneTimeCode'];

/** Sign-in failures: too many, no connection, an admin's second factor asked for or wrong; else invalidCredentials. */
export function signInErrorKey(error: unknown): MessageKey {
  const key = errorKeyOf(error);
  return signInKeys.includes(key) ? key : 'invalidCredentials';
}
