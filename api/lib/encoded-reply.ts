import { createHash } from 'node:crypto';
import { HTTPResponse, serveStatic, type H3Event } from 'h3';

/**
 * Every reply that exists in several encodings (the static site's files with the .br and .gz
 * the build wrote, large JSON replies) goes out through h3's serveStatic: Vary, ETag and
 * If-None-Match, HEAD, Content-Type and Content-Length. This file adds the one ETag rule and the
 * one choice of encoding: h3 takes the client's order among equally weighted encodings, and every
 * browser lists gzip before br, so the server's preference (br, the smaller) is applied here.
 */

/** Encodings and the suffix of their variant, in the order the server prefers them. */
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;
const ENCODING_ORDER = Object.keys(ENCODINGS) as Encoding[];

export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A reply's body as sent without encoding, and in each encoding it exists in. */
export interface Variants {
  type: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** The one ETag rule: a strong validator of the bytes sent (each encoding has its own). */
export function etagOf(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function variantOf(body: Uint8Array<ArrayBuffer>): Variant {
  return { body, etag: etagOf(body) };
}

/**
 * The encoding to send: of `available`, the one the client weighs highest (named or through `*`,
 * RFC 9110 §12.5.3), the server's order deciding between equal weights; undefined means identity.
 */
export function preferredEncoding(header: string | null, available: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase().replace(/^x-/, '');
    const q = params.map((param) => /^\s*q\s*=\s*(\d(?:\.\d{0,3})?)\s*$/i.exec(param)).find((match) => match !== null);
    const invalid = params.some((param) => /^\s*q\s*=/i.test(param)) && !q;
    if (!weights.has(coding)) weights.set(coding, invalid ? 0 : q ? Math.min(Number(q[1]), 1) : 1);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of available) if (weightOf(encoding) > (best ? weightOf(best) : 0)) best = encoding;
  return best;
}

export interface EncodedReplyOptions {
  /** 200 unless told (the 404 page). A reply with another status is never answered 304. */
  status?: number;
  /** Send an ETag and answer a matching If-None-Match with 304 (default true). */
  conditional?: boolean;
}

/**
 * Answers a GET or HEAD with the variant the client prefers among those that exist. Headers
 * already on `event.res` (cache policy, CSP) go with it; `id` names the reply for the lookup only.
 */
export async function sendEncoded(event: H3Event, id: string, variants: Variants, options: EncodedReplyOptions = {}): Promise<HTTPResponse> {
  const status = options.status ?? 200;
  const conditional = (options.conditional ?? true) && status === 200;
  // Only the chosen variant is offered (serveStatic still checks the client accepts it, and
  // adds Vary); the identity one is always there to fall back on.
  const encoding = preferredEncoding(event.req.headers.get('accept-encoding'), ENCODING_ORDER.filter((name) => variants[name]));
  const byFile = new Map<string, [Variant, Encoding | undefined]>([[id, [variants.identity, undefined]]]);
  if (encoding) byFile.set(id + ENCODINGS[encoding], [variants[encoding]!, encoding]);
  // serveStatic resolves the request's own path: point it at the reply being sent (the way h3's
  // withBase rewrites it), so a fallback page or a JSON reply is served like a file.
  const pathname = event.url.pathname;
  event.url.pathname = id;
  try {
    const served = await serveStatic(event, {
      getMeta: (file) => {
        const found = byFile.get(file);
        if (!found) return undefined;
        const [variant, contentEncoding] = found;
        return { type: variants.type, size: variant.body.byteLength, encoding: contentEncoding, ...(conditional ? { etag: variant.etag } : {}) };
      },
      getContents: (file) => byFile.get(file)?.[0].body,
      encodings: ENCODINGS,
      indexNames: [],
    });
    if (!served) throw new Error(`sendEncoded: ${id} was not served`);
    return status === 200 ? served : new HTTPResponse(served.body ?? null, { status });
  } finally {
    event.url.pathname = pathname;
  }
}
