import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ja } from '../../src/i18n/ja.ts';
import { createBrowser, signUpIn, signUpInput, uniqueEmail } from '../../tests/support/browser.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { rateLimits } from '../db/schema/index.ts';
import { backoffSeconds, rateLimitRules } from './rate-limit.ts';

const app = useTestApp({ jobs: true });

describe('per-address rate limits', () => {
  it.each([
    ['sign-in', '/api/auth/signin', () => ({ email: uniqueEmail(), password: 'wrong2026' }), rateLimitRules.signInPerIp.limit],
    ['sign-up', '/api/auth/signup', () => signUpInput(), rateLimitRules.signUpPerIp.limit],
    ['reset request', '/api/auth/password/reset/request', () => ({ email: uniqueEmail() }), rateLimitRules.resetPerIp.limit],
  ])('%s: answers 429 with Retry-After once the limit is passed', async (_name, path, body, limit) => {
    const browser = createBrowser(app);
    for (let i = 0; i < limit; i += 1) {
      expect((await browser.post(path, body())).status).not.toBe(429);
    }
    const limited = await browser.post(path, body());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const reply = await limited.json();
    expect(reply).toEqual({ status: 'error', code: 'tooManyRequests' });
    expect(ja[reply.code as 'tooManyRequests']).toMatch(/しばらく時間をおいて/);
    // Another address is not affected.
    expect((await createBrowser(app).post(path, body())).status).not.toBe(429);
  });
});

describe('growing back-off after failed sign-ins', () => {
  it('follows the schedule: 4 free failures, then 15 s doubling, and from the 10th a 30-minute lock (product decision 36)', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10, 11, 20].map(backoffSeconds)).toEqual([0, 0, 15, 30, 60, 120, 240, 1800, 1800, 1800]);
  });

  it('blocks the account after repeated failures, even from other addresses and with the right password', async () => {
    const input = await signUpIn(createBrowser(app));
    for (let i = 0; i < 5; i += 1) {
      const response = await createBrowser(app).post('/api/auth/signin', { email: input.email, password: 'wrong2026' });
      expect(response.status).toBe(401);
    }
    const blocked = await createBrowser(app).post('/api/auth/signin', { email: input.email, password: input.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15);

    // Once the block has passed, the right password works and the count starts again.
    await app.ctx.database.db.update(rateLimits).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(rateLimits.hits, 5));
    expect((await createBrowser(app).post('/api/auth/signin', { email: input.email, password: input.password })).status).toBe(200);
    expect((await createBrowser(app).post('/api/auth/signin', { email: input.email, password: 'wrong2026' })).status).toBe(401);
  });

  it('treats an unknown address the same way, so blocking reveals nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 5; i += 1) await createBrowser(app).post('/api/auth/signin', { email, password: 'wrong2026' });
    expect((await createBrowser(app).post('/api/auth/signin', { email, password: 'wrong2026' })).status).toBe(429);
  });
});
