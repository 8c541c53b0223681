import type { H3Event } from 'h3';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clearSessionCookies, readSessionToken } from './cookies.ts';
import { validateSessionToken, type AuthSession } from './sessions.ts';

const SESSION_KEY = Symbol('session');
type EventWithSession = H3Event & { [SESSION_KEY]?: Promise<AuthSession | undefined> };

/**
 * The signed-in person for this request, or undefined; checked once per request. A cookie
 * that no longer names a valid session is cleared, so the browser stops showing "log out".
 */
export function getSession(event: H3Event, ctx: AppContext): Promise<AuthSession | undefined> {
  const cached = event as EventWithSession;
  cached[SESSION_KEY] ??= (async () => {
    const presented = readSessionToken(event, ctx.config);
    if (!presented) return undefined;
    const session = await validateSessionToken(ctx, presented.token);
    if (!session && presented.from === 'cookie') clearSessionCookies(event, ctx.config);
    return session;
  })();
  return cached[SESSION_KEY];
}

/** 401 unless signed in. */
export async function requireSession(event: H3Event, ctx: AppContext): Promise<AuthSession> {
  const session = await getSession(event, ctx);
  if (!session) throw new AppError('unauthorized');
  return session;
}

/** 401 unless signed in, 403 unless an admin. */
export async function requireAdmin(event: H3Event, ctx: AppContext): Promise<AuthSession> {
  const session = await requireSession(event, ctx);
  if (!session.isAdmin) throw new AppError('forbidden');
  return session;
}
