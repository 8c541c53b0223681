import { randomBytes } from 'node:crypto';
import { parseSetCookie, stringifyCookie } from 'cookie-es';
import type { TestApp } from './test-app.ts';

/**
 * A client that behaves like one browser tab against the in-process app: it keeps the cookies
 * the server sets and sends the Sec-Fetch-Site header browsers send for same-origin requests.
 */
export interface TestBrowser {
  cookies: Map<string, string>;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  post(path: string, json?: unknown): Promise<Response>;
  get(path: string): Promise<Response>;
}

export function createBrowser(app: TestApp, options: { site?: string; ip?: string } = {}): TestBrowser {
  const cookies = new Map<string, string>();
  // Each browser has its own address (the test app trusts X-Forwarded-For, as behind a proxy).
  const ip = options.ip ?? `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', options.site ?? 'same-origin');
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', ip);
    if (cookies.size) headers.set('cookie', stringifyCookie(Object.fromEntries(cookies), { encode: (value) => value }));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await app.request(path, { ...init, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(line, { decode: false });
      if (!cookie) continue;
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || !cookie.value) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };
  return {
    cookies,
    request,
    post: (path, json) => request(path, { method: 'POST', json: json ?? {} }),
    get: (path) => request(path),
  };
}

function randomOctet(): number {
  return randomBytes(1)[0]!;
}

/** A fresh address per test, so tests never depend on each other. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.jp`;
}

export function signUpInput(overrides: Partial<Record<string, string>> = {}) {
  return { email: uniqueEmail(), password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '201204', ...overrides };
}

/** Signs a new account up in this browser and returns its input. */
export async function signUpIn(browser: TestBrowser, overrides: Partial<Record<string, string>> = {}) {
  const input = signUpInput(overrides);
  const response = await browser.post('/api/auth/signup', input);
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return input;
}
