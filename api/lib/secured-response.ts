import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import type { securityHeaders } from './security-headers.ts';

type Head = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * The server's Node response: the security headers (api/lib/security-headers.ts) go out with the
 * head of every response, added when the head is written, where a name the response already
 * carries (a page's own CSP, a cacheable reply's cache-control) keeps its value. Added there rather
 * than with setHeader before the app runs, a head written whole (srvx writes one writeHead with
 * every header) stays on Node's fast path: one list, no per-header bookkeeping (bench:api).
 * A head written implicitly (res.end() alone) comes through writeHead too.
 */
export class SecuredResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** What this response must carry; set for the request before the app runs. */
  securityHeaders: ReturnType<typeof securityHeaders> = [];

  override writeHead(statusCode: number, reasonOrHead?: string | Head, head?: Head): this {
    if (typeof reasonOrHead === 'string') return super.writeHead(statusCode, reasonOrHead, this.secured(head));
    return super.writeHead(statusCode, this.secured(reasonOrHead));
  }

  /** The head with every security header it and the response lack, in the head's own form. */
  private secured(head: Head = []): Head {
    const given = namesOf(head);
    const out: Head = Array.isArray(head) ? head : { ...head };
    for (const [name, value] of this.securityHeaders) {
      if (given.includes(name) || this.hasHeader(name)) continue;
      if (!Array.isArray(out)) out[name] = value;
      else if (Array.isArray(out[0])) (out as unknown as string[][]).push([name, value]);
      else out.push(name, value);
    }
    return out;
  }
}

/** The lower-case names in a head given as an object, a list of pairs or srvx's flat list [name, value, …]. */
function namesOf(head: Head): string[] {
  if (!Array.isArray(head)) return Object.keys(head).map((name) => name.toLowerCase());
  if (Array.isArray(head[0])) return (head as unknown as string[][]).map(([name]) => name!.toLowerCase());
  const names: string[] = [];
  for (let index = 0; index < head.length; index += 2) names.push(String(head[index]).toLowerCase());
  return names;
}
