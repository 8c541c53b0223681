import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../tests/support/test-app.ts';

const distDir = await mkdtemp(path.join(tmpdir(), 'musio-dist-'));
const page = (title: string) =>
  `<!doctype html><html lang="ja"><head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='"><title>${title}</title></head><body>${title}</body></html>`;

beforeAll(async () => {
  await mkdir(path.join(distDir, '_astro'), { recursive: true });
  await mkdir(path.join(distDir, 'kids'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), page('トップ'));
  await writeFile(path.join(distDir, 'index.html.br'), brotliCompressSync(page('トップ')));
  await writeFile(path.join(distDir, 'index.html.gz'), gzipSync(page('トップ')));
  await writeFile(path.join(distDir, 'kids', 'index.html'), page('キッズ'));
  await writeFile(path.join(distDir, '404.html'), page('ページが見つかりません'));
  await writeFile(path.join(distDir, '_astro', 'app.Ab12.js'), 'console.log(1)');
  await writeFile(path.join(distDir, '_astro', 'app.Ab12.js.gz'), gzipSync('console.log(1)'));
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

const app = useTestApp({ site: true, configure: (config) => ({ ...config, distDir }) });

describe('security headers', () => {
  it.each([
    ['a page', '/'],
    ['an asset', '/_astro/app.Ab12.js'],
    ['an unknown page (404)', '/no-such-page'],
    ['the API', '/api/health'],
    ['an unknown API path (404)', '/api/no-such-call'],
  ])('are on %s', async (_name, url) => {
    const response = await app.request(url);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('add HSTS when the request came over HTTPS', async () => {
    const response = await app.runtime.fetch(new Request('https://www.example.jp/api/health'));
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it("carry the page's own script and style hashes in the page's policy", async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).toContain("style-src 'self' 'sha256-def='");
    expect(csp).toContain("object-src 'none'");
  });

  it('give API replies the strictest policy and no caching', async () => {
    const response = await app.request('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the static site', () => {
  it('serves a page by its folder path, with or without a trailing slash', async () => {
    for (const url of ['/kids', '/kids/']) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('キッズ');
    }
  });

  it('sends the brotli file to browsers that accept it, the plain one otherwise', async () => {
    const br = await app.request('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    const plain = await app.request('/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('トップ');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['', null],
  ])('negotiates Accept-Encoding "%s" to %s, with q-values', async (accept, encoding) => {
    const response = await app.request('/', { headers: { 'accept-encoding': accept } });
    expect(response.headers.get('content-encoding')).toBe(encoding);
    const body = Buffer.from(await response.arrayBuffer());
    const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
    expect(decoded.toString()).toContain('トップ');
  });

  it('gives each encoding its own ETag, answers HEAD without a body, and 304 for a weak match too', async () => {
    const br = await app.request('/', { headers: { 'accept-encoding': 'br' } });
    const plain = await app.request('/', { headers: { 'accept-encoding': 'identity' } });
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const head = await app.request('/kids', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page('キッズ'))));
    expect(await head.text()).toBe('');
    const etag = (await app.request('/kids')).headers.get('etag')!;
    expect((await app.request('/kids', { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
    expect((await app.request('/kids', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('sends the 404 page with 404 whatever the validators say, and a fallback page with its own policy', async () => {
    const first = await app.request('/no-such-page');
    const again = await app.request('/no-such-page', { headers: { 'if-none-match': first.headers.get('etag') ?? '"x"' } });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('ページが見つかりません');
    expect(again.headers.get('content-security-policy')).toContain("'sha256-abc='");
  });

  it('caches fingerprinted assets for a year and revalidates pages', async () => {
    const asset = await app.request('/_astro/app.Ab12.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString()).toBe('console.log(1)');
    expect((await app.request('/kids')).headers.get('cache-control')).toBe('no-cache');
    // `/` sends signed-in members to My Page, so its answer depends on the session.
    expect((await app.request('/')).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await app.request('/kids');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await app.request('/kids', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('shows the Japanese 404 page for an unknown path, and JSON for an unknown API call', async () => {
    const pageResponse = await app.request('/no-such-page');
    expect(pageResponse.status).toBe(404);
    expect(await pageResponse.text()).toContain('ページが見つかりません');
    const apiResponse = await app.request('/api/no-such-call', { method: 'POST' });
    expect(apiResponse.status).toBe(404);
    expect(await apiResponse.json()).toEqual({ status: 'error', code: 'notFound' });
  });

  it('never serves files outside the build', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/kids/..%2f..%2fpackage.json']) {
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('"dependencies"');
    }
  });

  it('refuses other methods on pages', async () => {
    const response = await app.request('/', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('keeps the a8 affiliate parameter of the first visit in a cookie', async () => {
    const first = await app.request('/?a8=s00000012345001');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^a8=s00000012345001;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const later = await app.request('/kids?a8=other', { headers: { cookie: 'a8=s00000012345001' } });
    expect(later.headers.get('set-cookie')).toBeNull();
  });
});

describe('compression of dynamic replies', () => {
  it('gzips a large JSON reply when the client accepts gzip, and leaves small ones alone', async () => {
    const { jsonReply } = await import('./lib/compression.ts');
    app.runtime.app.get('/api/test-large', (event) => jsonReply(event, { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'テスト' })) }));
    app.runtime.app.get('/api/test-small', (event) => jsonReply(event, { ok: true }));
    const large = await app.request('/api/test-large', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString()).items).toHaveLength(200);
    const plain = await app.request('/api/test-large', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const small = await app.request('/api/test-small', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it('revalidates a cacheable JSON reply by its ETag, and sends none for the others', async () => {
    const { jsonReply } = await import('./lib/compression.ts');
    app.runtime.app.get('/api/test-cached', (event) => jsonReply(event, { plans: [1, 2, 3] }, { cacheControl: 'public, max-age=300' }));
    const first = await app.request('/api/test-cached');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('vary')).toContain('accept-encoding');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await app.request('/api/test-cached', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await app.request('/api/test-small')).headers.get('etag')).toBeNull();
  });
});
