import { getRequestIP, type H3Event } from 'h3';
import type { AppConfig } from '../config.ts';

/** Whether the visitor reached us over HTTPS (behind a proxy, only when TRUST_PROXY is set). */
export function isHttps(event: H3Event, config: AppConfig): boolean {
  if (config.trustProxy) {
    const forwarded = event.req.headers.get('x-forwarded-proto');
    if (forwarded) return forwarded.split(',')[0]?.trim() === 'https';
  }
  return event.url.protocol === 'https:';
}

/** The client's address for rate limits (X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress(event: H3Event, config: AppConfig): string {
  return getRequestIP(event, { xForwardedFor: config.trustProxy }) ?? 'unknown';
}
