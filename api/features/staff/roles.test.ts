import { describe, expect, it } from 'vitest';
import { can, consoleRoles } from '../../../src/domain/admin/permissions.ts';
import { adminRoutes, latestAuditEntries, staffBrowser } from '../../../tests/support/admin.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

/**
 * Product decision 32, generated: every admin route the router holds × every console role. A route
 * is refused (403, audited as denied) exactly when the role table leaves its permission out; a new
 * route without a permission fails here.
 */
describe('every admin route × every console role', () => {
  it('gives every admin route a permission', () => {
    const routes = adminRoutes(app);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !route.permission).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it.each(consoleRoles)('%s: allowed or 403 as the table says', async (role) => {
    const browser = await staffBrowser(app, role);
    for (const { method, path, permission } of adminRoutes(app)) {
      const response = await browser.request(path, { method, json: method === 'GET' ? undefined : {} });
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      const refused = response.status === 403 && body.code === 'forbidden';
      expect({ method, path, role, refused }).toEqual({ method, path, role, refused: !can(role, permission!) });
      if (refused) {
        const [entry] = await latestAuditEntries(app);
        expect(entry).toMatchObject({ outcome: 'denied', errorCode: 'forbidden', actorEmail: expect.stringContaining(role === 'owner' ? 'admin' : role) });
      }
    }
  });
});
