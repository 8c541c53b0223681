import { A8_PATTERN } from '../src/domain/affiliate.ts';
import { deleteCookie, getCookie, setCookie, type H3Event, type HTTPResponse } from 'h3';
import { FastResponse } from 'srvx';
import { decideRoute, needsSessionCheck, routeAccess, type SessionState } from '../src/domain/route-access.ts';
import { CONSOLE_ROLE_HINT_COOKIE } from '../src/domain/session-hint.ts';
import type { AppContext } from './context.ts';
import { readSessionToken } from './features/auth/cookies.ts';
import { getSession } from './features/auth/guard.ts';
import { consoleRefusal } from './features/two-factor/service.ts';
import { isHttps } from './lib/request.ts';
import type { StaticSite } from './static-site.ts';

const A8_COOKIE = 'a8';
const A8_MAX_AGE = 60 * 60 * 24 * 90;

/**
 * Serves the static build: pages, assets, the Japanese 404 page. Before a page that depends on
 * who is asking, the route guard runs here, so nobody sees a flash of a page they may not see.
 * Keeps the affiliate `a8` parameter of the first visit in a cookie (product decision 11,
 * docs/decisions/0008).
 */
export function createSiteHandler(ctx: AppContext) {
  return async (event: H3Event): Promise<Response | HTTPResponse> => {
    const method = event.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      return new FastResponse(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const site = ctx.site;
    if (!site) {
      return new FastResponse('The site has not been built yet: run `npm run build` (npm start does it for you).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const https = isHttps(event, ctx.config);
    const id = site.resolve(event.url.pathname) ?? fallbackPage(site, event.url.pathname);
    const isPage = id !== undefined && site.isPage(id);
    if (isPage) {
      rememberAffiliate(event, https);
      rememberReferral(event, https);
    }
    // Protected paths are guarded even before their page exists: nobody learns what is there.
    const guarded = (isPage || id === undefined) && needsSessionCheck(event.url.pathname);
    if (guarded) {
      const decision = decideRoute(event.url.pathname + event.url.search, await sessionState(event, ctx));
      if (decision.kind === 'redirect') {
        return new FastResponse(null, { status: 302, headers: { location: decision.to, 'cache-control': 'no-store' } });
      }
      // The answer depends on the session: never from a shared cache.
      event.res.headers.set('cache-control', 'private, no-cache');
      event.res.headers.append('vary', 'cookie');
      if (isPage && routeAccess(event.url.pathname) === 'admin') await hintConsoleRole(event, ctx, https);
    }
    if (id) return site.serve(event, id, { https });
    const notFoundPage = site.resolve('/404.html');
    if (notFoundPage) return site.serve(event, notFoundPage, { status: 404, https });
    return new FastResponse('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  };
}

/**
 * Product decision 10: /plan/{anything else} is the Otona page; an unknown /timeline/{tag} is
 * /timeline. /admin/{session}/… is that section's console page (built per section, it draws the
 * section's frame; the island picks what to show from the path); an unknown session is /admin's.
 */
function fallbackPage(site: StaticSite, pathname: string): string | undefined {
  if (/^\/plan\/[^/]+\/?$/.test(pathname)) return site.resolve('/plan/otona');
  const admin = /^\/admin\/([^/?#]+)(?:\/[^?#]*)?$/.exec(pathname);
  if (admin) return site.resolve(`/admin/${admin[1]}`) ?? site.resolve('/admin');
  if (/^\/timeline\/[^/]+\/?$/.test(pathname)) return site.resolve('/timeline');
  return undefined;
}

/**
 * A console page tells its scripts the role it was served to (CONSOLE_ROLE_HINT_COOKIE): the
 * console starts on the addressed section at once, and reads nothing the role (or the second-factor
 * rule, product decision 32) would refuse.
 */
async function hintConsoleRole(event: H3Event, ctx: AppContext, https: boolean): Promise<void> {
  const session = await getSession(event, ctx);
  // A session the second-factor rule holds back gets no hint: the console first reads where it stands.
  const role = session?.consoleRole && !(await consoleRefusal(ctx, session)) ? session.consoleRole : undefined;
  const options = { httpOnly: false, secure: https, sameSite: 'strict', path: '/admin' } as const;
  if (role) setCookie(event, CONSOLE_ROLE_HINT_COOKIE, role, options);
  else if (getCookie(event, CONSOLE_ROLE_HINT_COOKIE) !== undefined) deleteCookie(event, CONSOLE_ROLE_HINT_COOKIE, options);
}

async function sessionState(event: H3Event, ctx: AppContext): Promise<SessionState> {
  if (!readSessionToken(event, ctx.config)) return { signedIn: false };
  const session = await getSession(event, ctx);
  return session ? { signedIn: true, isAdmin: session.isAdmin, isSignedUp: session.isSignedUp } : { signedIn: false };
}

function rememberAffiliate(event: H3Event, https: boolean): void {
  const a8 = event.url.searchParams.get('a8');
  if (!a8 || !A8_PATTERN.test(a8)) return;
  if (getCookie(event, A8_COOKIE) !== undefined) return; // the first visit wins
  setCookie(event, A8_COOKIE, a8, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: A8_MAX_AGE });
}

/** An invitation link (/signup?ref=<code>, product decision 22): the first code seen is kept for the sign-up. */
function rememberReferral(event: H3Event, https: boolean): void {
  const ref = event.url.searchParams.get('ref');
  if (!ref || !/^[a-z0-9]{10}$/.test(ref)) return;
  if (getCookie(event, 'ref') !== undefined) return; // the first visit wins
  setCookie(event, 'ref', ref, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: 60 * 60 * 24 * 30 });
}
