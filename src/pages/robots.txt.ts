import type { APIRoute } from 'astro';
import { MEMBER_ROUTES, SIGNED_IN_ROUTES } from '../domain/route-access.ts';

/** Crawlers may read the marketing pages; the API and the member area are not for them. */
export const GET: APIRoute = ({ site }) => {
  const disallowed = ['/api/', '/admin', '/dev/', ...MEMBER_ROUTES, ...SIGNED_IN_ROUTES];
  const body = ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', site).toString()}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
