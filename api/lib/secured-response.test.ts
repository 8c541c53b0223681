import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecuredResponse } from './secured-response.ts';
import { securityHeaders } from './security-headers.ts';

/**
 * Every way a Node response may write its head, over a real socket: the security headers are
 * there, and a header the response set itself keeps its value.
 */
const writers: Record<string, (res: SecuredResponse) => void> = {
  'a flat list (as srvx writes it)': (res) => res.writeHead(200, ['content-type', 'application/json', 'content-length', '2']).end('{}'),
  'a flat list with a status text': (res) => res.writeHead(200, 'OK', ['content-type', 'application/json']).end('{}'),
  'a list of pairs': (res) => res.writeHead(200, [['content-type', 'application/json']] as never).end('{}'),
  'an object': (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
  'setHeader, then an implicit head': (res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  },
  'setHeader, then a head with more headers': (res) => {
    res.setHeader('x-request', '1');
    res.writeHead(200, ['content-type', 'application/json']).end('{}');
  },
  'no header at all': (res) => res.writeHead(204).end(),
  'its own policy and caching, in a flat list': (res) => res.writeHead(200, ['content-security-policy', "default-src 'self'", 'cache-control', 'max-age=60']).end('{}'),
  'its own policy, in an object with another case': (res) => res.writeHead(200, { 'Content-Security-Policy': "default-src 'self'", 'Cache-Control': 'max-age=60' }).end('{}'),
  'its own policy, by setHeader': (res) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'");
    res.setHeader('cache-control', 'max-age=60');
    res.end('{}');
  },
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer({ ServerResponse: SecuredResponse }, (req, res) => {
    res.securityHeaders = securityHeaders({ https: false, isApi: true });
    writers[decodeURIComponent(req.url!.slice(1))]!(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the security headers on every head a response writes', () => {
  const expected = Object.fromEntries(securityHeaders({ https: false, isApi: true }));
  it.each(Object.keys(writers))('%s', async (name) => {
    const response = await fetch(`${url}/${encodeURIComponent(name)}`);
    const ownPolicy = name.startsWith('its own');
    for (const [header, value] of Object.entries(expected)) {
      const kept = ownPolicy && (header === 'content-security-policy' || header === 'cache-control');
      // Each once (never the app's and ours side by side), the app's own where it set one.
      expect(response.headers.get(header), header).toBe(kept ? (header === 'cache-control' ? 'max-age=60' : "default-src 'self'") : value);
    }
    if (name.includes('more headers')) expect(response.headers.get('x-request')).toBe('1');
    if (response.status === 200) expect(await response.text()).toBe('{}');
  });
});
