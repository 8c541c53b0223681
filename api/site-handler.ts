import { A8_PATTERN } from '../src/domain/affiliate.ts';
import { getCookie, setCookie, type H3Event, type HTTPResponse } from 'h3';
import { FastResponse } from 'srvx';
import { decideRoute, needsSessionCheck, type SessionState } from '../src/domain/route-access.ts';
import type { AppContext } from './context.ts';
import { readSessionToken } from './features/auth/cookies.ts';
import { getSession } from './features/auth/guard.ts';
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
    }
    if (id) return site.serve(event, id, { https });
    const notFoundPage = site.resolve('/404.html');
    if (notFoundPage) return site.serve(event, notFoundPage, { status: 404, https });
    return new FastResponse('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  };
}

/**
 * Product decision 10: /plan/{anything else} is the Otona page; an unknown /timeline/{tag} is
 * /timeline. /admin/{session}[/…] is the console's one page, which picks the section from the path.
 */
function fallbackPage(site: StaticSite, pathname: string): string | undefined {
  if (/^\/plan\/[^/]+\/?$/.test(pathname)) return site.resolve('/plan/otona');
  if (/^\/admin\/[^?#]+$/.test(pathname)) return site.resolve('/admin');
  if (/^\/timeline\/[^/]+\/?$/.test(pathname)) return site.resolve('/timeline');
  return undefined;
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
