import type { APIRoute } from 'astro';
import { getLegalPages, getNewsSlugs, getTimelineSlugs } from '../content/site.ts';

/** Every public page, for search engines; member pages, the 404 and /error are left out. */
export const GET: APIRoute = async ({ site }) => {
  const [legal, news, timelines] = await Promise.all([getLegalPages(), getNewsSlugs(), getTimelineSlugs()]);
  const paths = [
    '/',
    '/kids',
    '/adult',
    '/musio_esatj',
    '/plan',
    '/plan/kodomo',
    '/plan/otona',
    '/plan/esatj',
    '/plantable',
    '/campaign',
    '/faq',
    '/news',
    '/signup',
    '/login',
    ...timelines.map((slug) => (slug ? `/timeline/${slug}` : '/timeline')),
    ...news.map((slug) => `/news/${slug}`),
    ...legal.map((page) => `/${page.slug}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${new URL(path, site).toString()}</loc></url>`).join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
