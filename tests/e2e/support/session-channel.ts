import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cookie } from '@playwright/test';
import { parseSetCookie } from 'cookie-es';

/**
 * The browser tests' side of the e2e server's session channel (scripts/lib/e2e-session-channel.ts):
 * a Unix socket named after the site's port, so the server and the test workers find the same one.
 */
export function sessionChannelPath(port: string): string {
  return path.join(tmpdir(), `musio-e2e-${port}.sock`);
}

const sameSiteOf = { lax: 'Lax', strict: 'Strict', none: 'None' } as const;

/** A new session for the account: the cookies a sign-in would set, for the site at `baseURL`. */
export async function requestSessionCookies(baseURL: string, email: string): Promise<Cookie[]> {
  const site = new URL(baseURL);
  const { status, setCookies } = await new Promise<{ status: number; setCookies: string[] }>((resolve, reject) => {
    const call = request({ socketPath: sessionChannelPath(site.port), path: '/session', method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookies: response.headers['set-cookie'] ?? [] }));
    });
    call.on('error', reject);
    call.end(JSON.stringify({ email }));
  });
  if (status !== 200) throw new Error(`the e2e server made no session for ${email} (${status})`);
  const now = Date.now() / 1000;
  return setCookies.map((header) => {
    const cookie = parseSetCookie(header)!;
    const sameSite = typeof cookie.sameSite === 'string' ? sameSiteOf[cookie.sameSite] : 'Lax';
    return {
      name: cookie.name,
      value: cookie.value,
      domain: site.hostname,
      path: cookie.path ?? '/',
      expires: cookie.maxAge === undefined ? -1 : Math.floor(now + cookie.maxAge),
      httpOnly: cookie.httpOnly ?? false,
      secure: cookie.secure ?? false,
      sameSite,
    };
  });
}
