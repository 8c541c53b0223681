import { getRequestIP, type H3Event } from 'h3';
import type { AppConfig } from '../config.ts';

/** Whether a request arrived over HTTPS: its own protocol, or a trusted proxy's X-Forwarded-Proto. */
export function requestIsHttps(protocol: string, forwardedProto: string | null | undefined, trustProxy: boolean): boolean {
  if (trustProxy && forwardedProto) return forwardedProto.split(',')[0]?.trim() === 'https';
  return protocol === 'https:';
}

export function isHttps(event: H3Event, config: AppConfig): boolean {
  return requestIsHttps(event.url.protocol, event.req.headers.get('x-forwarded-proto'), config.trustProxy);
}

/** The client's address for rate limits (X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress(event: H3Event, config: AppConfig): string {
  return getRequestIP(event, { xForwardedFor: config.trustProxy }) ?? 'unknown';
}
