import { gzipSync } from 'node:zlib';
import type { H3Event, HTTPResponse } from 'h3';
import { FastResponse } from 'srvx';
import { sendEncoded, variantOf, type Variants } from './encoded-reply.ts';

/**
 * A JSON reply. A GET goes out like a static file (lib/encoded-reply.ts): gzipped when it is large
 * enough to be worth it and the client accepts gzip, and, when it may be cached, with an ETag that
 * a browser or CDN revalidates with a 304. Static files come precompressed from the build; most
 * API replies are a few hundred bytes and go out as they are.
 */
const MIN_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(event: H3Event, data: unknown, options: { status?: number; cacheControl?: string } = {}): Promise<HTTPResponse> | Response {
  const text = JSON.stringify(data);
  const method = event.req.method;
  if (method !== 'GET' && method !== 'HEAD') {
    return new FastResponse(text, { status: options.status ?? 200, headers: { 'content-type': JSON_TYPE } });
  }
  const body = new TextEncoder().encode(text);
  const variants: Variants = { type: JSON_TYPE, identity: variantOf(body) };
  if (body.byteLength >= MIN_BYTES) variants.gzip = variantOf(new Uint8Array(gzipSync(body, { level: 6 })));
  if (options.cacheControl) event.res.headers.set('cache-control', options.cacheControl);
  return sendEncoded(event, '/reply.json', variants, { status: options.status, conditional: Boolean(options.cacheControl) });
}
