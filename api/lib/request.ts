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

/**
 * The address the trusted proxies saw: each proxy appends the address it received the request
 * from, so with `hops` proxies in front of us the client is the hops-th entry from the right.
 * Everything left of it was written by the client and is ignored (docs/decisions/0026).
 * Fewer entries than hops: the request did not come through our proxies; nothing is trusted.
 */
export function addressFromForwardedFor(header: string, hops: number): string | undefined {
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < hops) return undefined;
  return entries[entries.length - hops];
}

/** The client's address for rate limits and the audit log (X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress(event: H3Event, config: AppConfig): string {
  if (config.trustProxy) {
    // Several X-Forwarded-For lines read as one list, in order (RFC 9110 §5.3).
    const forwarded = event.req.headers.get('x-forwarded-for');
    if (forwarded !== null) return addressFromForwardedFor(forwarded, config.trustProxyHops) ?? 'unknown';
  }
  return getRequestIP(event) ?? 'unknown';
}
