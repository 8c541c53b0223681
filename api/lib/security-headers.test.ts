import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { apiPolicy, mergeSources, pagePolicy, paymentSources } from './security-headers.ts';

/** A page as Astro writes it: its meta policy names Stripe.js, the server's header decides. */
const page =
  `<!doctype html><html lang="ja"><head><meta http-equiv="content-security-policy" content="script-src 'self' https://js.stripe.com 'sha256-abc='; style-src 'self' 'sha256-def='">` +
  '<title>お申し込み</title></head><body>お申し込み</body></html>';
const hashes = { scriptSrc: ["'sha256-abc='"], styleSrc: ["'sha256-def='"] };

/** The page policy with the local gateway: what it was before Stripe was added, to the character. */
const localPolicy =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; img-src 'self' data: https://cdn.sanity.io; " +
  "font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));

const distDir = await mkdtemp(path.join(tmpdir(), 'musio-csp-'));
beforeAll(() => writeFile(path.join(distDir, 'index.html'), page));
afterAll(() => rm(distDir, { recursive: true, force: true }));

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp' };
const localApp = useTestApp({ site: true, configure: (config) => ({ ...config, distDir }) });
const stripeApp = useTestApp({ site: true, env: stripeKeys, configure: (config) => ({ ...config, distDir }) });

describe('the page policy and the payment provider', () => {
  it('is unchanged with the local gateway', () => {
    expect(pagePolicy(mergeSources(hashes, paymentSources('local')))).toBe(localPolicy);
  });

  it("allows Stripe.js, its frames and its API with Stripe (Stripe's documented list), and nothing else", () => {
    const stripe = directives(pagePolicy(mergeSources(hashes, paymentSources('stripe'))));
    expect(stripe.get('script-src')).toBe("script-src 'self' 'sha256-abc=' https://js.stripe.com");
    expect(stripe.get('frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(stripe.get('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    const local = directives(localPolicy);
    for (const [name, directive] of local) if (!['script-src', 'frame-src', 'connect-src'].includes(name!)) expect(stripe.get(name)).toBe(directive);
    expect([...stripe.keys()]).toEqual([...local.keys()]);
  });

  it('is what a page is served with by a server using the local gateway', async () => {
    const response = await localApp.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(localPolicy);
  });

  it('is what a page is served with by a server using Stripe; API replies stay closed', async () => {
    const csp = directives((await stripeApp.request('/')).headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).toBe("script-src 'self' 'sha256-abc=' https://js.stripe.com");
    expect(csp.get('frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(csp.get('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect((await stripeApp.request('/api/health')).headers.get('content-security-policy')).toBe(apiPolicy);
  });
});
