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
  return (cached[SESSION_KEY] ??= checkSession(event, ctx));
}

// Behind every signed-in request: written as plain promise chains, one step per await it saves.
function checkSession(event: H3Event, ctx: AppContext): Promise<AuthSession | undefined> {
  const presented = readSessionToken(event, ctx.config);
  if (!presented) return Promise.resolve(undefined);
  const checked = validateSessionToken(ctx, presented.token);
  if (presented.from !== 'cookie') return checked;
  return checked.then((session) => {
    if (!session) clearSessionCookies(event, ctx.config);
    return session;
  });
}

/** 401 unless signed in. */
export function requireSession(event: H3Event, ctx: AppContext): Promise<AuthSession> {
  return getSession(event, ctx).then(signedIn);
}

function signedIn(session: AuthSession | undefined): AuthSession {
  if (!session) throw new AppError('unauthorized');
  return session;
}

/** 401 unless signed in, 403 unless an admin. */
export async function requireAdmin(event: H3Event, ctx: AppContext): Promise<AuthSession> {
  const session = await requireSession(event, ctx);
  if (!session.isAdmin) throw new AppError('forbidden');
  return session;
}
