import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { securityHeaders } from './security-headers.ts';

type HeaderList = readonly (readonly [name: string, value: string])[];

/** Every name securityHeaders may give, in lower case. */
const securityNames = new Set(securityHeaders({ https: true, isApi: true }).map(([name]) => name).concat(securityHeaders({ https: true, isApi: false }).map(([name]) => name)));
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
  securityHeaders: HeaderList = [];

  override writeHead(statusCode: number, reasonOrHead?: string | Head, head?: Head): this {
    if (typeof reasonOrHead === 'string') return super.writeHead(statusCode, reasonOrHead, this.secured(head));
    return super.writeHead(statusCode, this.secured(reasonOrHead));
  }

  private secured(head: Head | undefined): Head | undefined {
    const added = this.securityHeaders;
    if (added.length === 0 || this.headersSent) return head;
    if (head === undefined || (Array.isArray(head) && head.length === 0)) {
      // Only what setHeader put on the response (Node merges the two): add what it lacks.
      const missing: string[] = [];
      for (const [name, value] of added) if (!this.hasHeader(name)) missing.push(name, value);
      return missing;
    }
    if (!Array.isArray(head)) {
      const names = Object.keys(head).map((name) => name.toLowerCase());
      const merged: OutgoingHttpHeaders = { ...head };
      for (const [name, value] of added) if (!names.includes(name) && !this.hasHeader(name)) merged[name] = value;
      return merged;
    }
    if (Array.isArray(head[0])) {
      const pairs = head as unknown as [string, OutgoingHttpHeader][];
      const out = [...pairs];
      for (const [name, value] of added) if (!pairs.some(([given]) => given.toLowerCase() === name) && !this.hasHeader(name)) out.push([name, value]);
      return out as unknown as OutgoingHttpHeader[];
    }
    // The flat list [name, value, name, value, …] srvx writes, names in lower case. Usually it
    // names none of ours and nothing was set before: then the whole list goes on at once.
    const flat = head as string[];
    const given = flat.length;
    let overlaps = this.getHeaderNames().length > 0;
    for (let index = 0; !overlaps && index < given; index += 2) overlaps = securityNames.has(flat[index]!.toLowerCase());
    if (!overlaps) {
      for (const [name, value] of added) flat.push(name, value);
      return flat;
    }
    for (const [name, value] of added) {
      let carried = this.hasHeader(name);
      for (let index = 0; !carried && index < given; index += 2) carried = flat[index]!.toLowerCase() === name;
      if (!carried) flat.push(name, value);
    }
    return flat;
  }
}
