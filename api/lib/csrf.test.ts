import { describe, expect, it } from 'vitest';
import { createBrowser } from '../../tests/support/browser.ts';
import { newMember } from '../../tests/support/factories.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { UNSUBSCRIBE_PATH } from '../features/unsubscribe/routes.ts';

const app = useTestApp();

/**
 * Every state-changing route the app registers (new routes are covered without editing this test),
 * but the one-click unsubscribe address: mailbox providers post to it from elsewhere (RFC 8058), and
 * its token, not a cookie, says whose choice it is.
 */
function stateChangingRoutes(): { method: string; path: string }[] {
  return app.runtime.app['~routes']
    .filter((route) => route.route?.startsWith('/api/') && route.route !== UNSUBSCRIBE_PATH && route.method !== 'GET' && route.method !== 'HEAD')
    .map((route) => ({
      // Routes registered for every method (app.all) carry an empty method at runtime.
      method: route.method || 'POST',
      path: route.route!.replaceAll('**', 'anything').replace(/:(\w+)/g, 'x'),
    }));
}

describe('CSRF: cross-site requests are refused on every non-GET route', () => {
  it('knows the account routes', () => {
    const paths = stateChangingRoutes().map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/signin', '/api/auth/signup', '/api/auth/signout', '/api/auth/password/change']));
  });

  it('refuses Sec-Fetch-Site: cross-site and same-site, with a session cookie', async () => {
    const browser = await newMember(app);
    for (const { method, path } of stateChangingRoutes()) {
      for (const site of ['cross-site', 'same-site']) {
        const response = await browser.request(path, { method, json: {}, headers: { 'sec-fetch-site': site } });
        expect({ method, path, site, status: response.status }).toEqual({ method, path, site, status: 403 });
        expect(await response.json()).toEqual({ status: 'error', code: 'crossSiteRequest' });
      }
    }
  });

  it('refuses a foreign Origin when Sec-Fetch-Site is absent', async () => {
    for (const { method, path } of stateChangingRoutes()) {
      const response = await app.request(path, { method, headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });

  it('refuses cookies sent with neither header', async () => {
    const response = await app.request('/api/auth/signout', { method: 'POST', headers: { cookie: 'session=x.y' } });
    expect(response.status).toBe(403);
  });

  it('lets same-origin requests through, and programs without cookies', async () => {
    const sameOrigin = await createBrowser(app).post('/api/auth/signout');
    expect(sameOrigin.status).toBe(200);
    const ownOrigin = await app.request('/api/auth/signout', { method: 'POST', headers: { origin: 'http://localhost:4321' } });
    expect(ownOrigin.status).toBe(200);
    const program = await app.request('/api/auth/signout', { method: 'POST' });
    expect(program.status).toBe(200);
  });
});
