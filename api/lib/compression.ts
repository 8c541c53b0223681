import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { H3Event } from 'h3';
import { FastResponse } from 'srvx';

/**
 * A JSON reply, gzipped when it is large enough to be worth it and the client accepts gzip.
 * Static files come precompressed from the build; most API replies are a few hundred bytes.
 * The decision is made on the serialized text, before a response exists: re-reading a finished
 * response's body would turn srvx's fast path into a stream.
 */
const MIN_BYTES = 1024;

export function jsonReply(event: H3Event, data: unknown, options: { status?: number; cacheControl?: string } = {}): Response {
  const status = options.status ?? 200;
  const text = JSON.stringify(data);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
  if (options.cacheControl) {
    // A cacheable reply carries an ETag, so a browser or CDN revalidates with a 304.
    const etag = `"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
    headers['cache-control'] = options.cacheControl;
    headers.etag = etag;
    const match = event.req.headers.get('if-none-match');
    if (match && match.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)) {
      return new FastResponse(null, { status: 304, headers });
    }
  }
  if (text.length >= MIN_BYTES && acceptsGzip(event.req.headers.get('accept-encoding'))) {
    headers['content-encoding'] = 'gzip';
    return new FastResponse(gzipSync(text, { level: 6 }), { status, headers });
  }
  return new FastResponse(text, { status, headers });
}

export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.find((param) => param.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}
