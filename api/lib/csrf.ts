import type { H3Event } from 'h3';
import type { AppConfig } from '../config.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for every state-changing API request: a browser's `Sec-Fetch-Site` must be
 * same-origin; without that header the `Origin` must be ours. A request with neither header
 * comes from a program, not a page, and may only act through a bearer token, never a cookie.
 */
export function isCrossSiteRequest(event: H3Event, config: AppConfig): boolean {
  if (SAFE_METHODS.has(event.req.method)) return false;
  const site = event.req.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin';
  const origin = event.req.headers.get('origin');
  if (origin) return origin !== config.publicOrigin;
  const carriesCookies = Boolean(event.req.headers.get('cookie'));
  return carriesCookies;
}

/** The check every request goes through (api/app.ts's onRequest): throws `crossSiteRequest`. */
export function csrfGuard(config: AppConfig, exempt: (path: string) => boolean = () => false): (event: H3Event) => void {
  return (event) => {
    if (!event.url.pathname.startsWith('/api/') || exempt(event.url.pathname)) return;
    if (isCrossSiteRequest(event, config)) throw new AppError('crossSiteRequest');
  };
}
