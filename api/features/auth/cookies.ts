import { deleteCookie, getCookie, setCookie, type H3Event } from 'h3';
import { FLASH_COOKIE, type FlashKey } from '../../../src/domain/flash.ts';
import { SIGNED_IN_HINT_COOKIE } from '../../../src/domain/session-hint.ts';
import type { AppConfig } from '../../config.ts';

/**
 * The session travels in an HttpOnly, Secure, SameSite=Lax cookie (product decision 1). Beside it, a
 * readable `signed_in=1` hint lets static pages show "log out" without any secret in reach of scripts.
 */
function cookieSettings(config: AppConfig): { name: string; secure: boolean } {
  let settings = settingsOf.get(config);
  if (!settings) settingsOf.set(config, (settings = cookieSettingsOf(config)));
  return settings;
}

// Read with every request that may carry a session: worked out once per configuration.
const settingsOf = new WeakMap<AppConfig, { name: string; secure: boolean }>();

function cookieSettingsOf(config: AppConfig): { name: string; secure: boolean } {
  const origin = new URL(config.publicOrigin);
  const https = origin.protocol === 'https:';
  // Browsers accept Secure cookies from http://localhost, so development behaves like production.
  const secure = https || ['localhost', '127.0.0.1', '[::1]'].includes(origin.hostname);
  return { name: https ? '__Host-session' : 'session', secure };
}

export function sessionCookieName(config: AppConfig): string {
  return cookieSettings(config).name;
}

export function setSessionCookies(event: H3Event, config: AppConfig, token: string, maxAgeSeconds: number): void {
  const { name, secure } = cookieSettings(config);
  setCookie(event, name, token, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds });
  setCookie(event, SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, secure, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds });
}

export function clearSessionCookies(event: H3Event, config: AppConfig): void {
  const { name, secure } = cookieSettings(config);
  deleteCookie(event, name, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
  deleteCookie(event, SIGNED_IN_HINT_COOKIE, { secure, sameSite: 'lax', path: '/' });
}

/** The presented session token: the cookie, or `Authorization: Bearer` for other clients. */
export function readSessionToken(event: H3Event, config: AppConfig): { token: string; from: 'cookie' | 'bearer' } | undefined {
  const cookie = getCookie(event, cookieSettings(config).name);
  if (cookie) return { token: cookie, from: 'cookie' };
  const authorization = event.req.headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ? { token: bearer, from: 'bearer' } : undefined;
}

/** A message for the next page, shown once by the page's inline head script. */
export function setFlash(event: H3Event, config: AppConfig, key: FlashKey): void {
  setCookie(event, FLASH_COOKIE, key, { httpOnly: false, secure: cookieSettings(config).secure, sameSite: 'lax', path: '/', maxAge: 60 });
}
