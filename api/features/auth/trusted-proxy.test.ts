import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

// Behind one trusted proxy (TRUST_PROXY=true, TRUST_PROXY_HOPS defaults to 1).
const app = useTestApp();

const signIn = (forwardedFor: string) =>
  app.request('/api/auth/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    // A new unknown email each time, so only the per-address limit can answer 429.
    body: JSON.stringify({ email: uniqueEmail('probe'), password: 'wrong-password' }),
  });

describe('per-address limits behind a trusted proxy', () => {
  it('keys on the address the proxy appended: 40 sign-ins with forged X-Forwarded-For get 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await signIn(`198.51.${i}.${i + 1}, 203.0.113.40`);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('still tells real clients apart by the proxy-appended address', async () => {
    for (let i = 0; i < 40; i += 1) {
      const response = await signIn(`1.1.1.1, 203.0.114.${i}`);
      expect(response.status).toBe(401);
    }
  });
});
