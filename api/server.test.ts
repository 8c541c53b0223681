import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/setup/test-database.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { startServer, type RunningServer } from './server.ts';

/** The real server over a socket: the Node-level security headers and the health check. */
let database: TestDatabase;
let server: RunningServer;
let distDir: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabase'));
  distDir = await mkdtemp(path.join(tmpdir(), 'musio-empty-dist-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }), distDir };
  server = await startServer(config, createLogger({ level: 'silent', json: false }), { database, jobs: false });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await rm(distDir, { recursive: true, force: true });
});

describe('the server over a real socket', () => {
  it('answers the health check with the security headers', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS behind a TLS-terminating proxy, and keeps headers on errors', async () => {
    const response = await fetch(`${server.url}/api/no-such-call`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('says pages are missing until the site is built, still with the headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(503);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers 413 to a chunked body past 64 KB, over a real socket (no Content-Length to check first)', async () => {
    const { request } = await import('node:http');
    const url = new URL('/api/auth/signin', server.url);
    const reply = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      let written = 0;
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, written }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      // 10 MB offered in 16 KB chunks, each written when the socket asks for more.
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (written < 10 * 1024 * 1024) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.write('{"email":"');
      pump();
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ status: 'error', code: 'requestTooLarge' });
  });

  it('survives a body event that arrives after the limit refused the body (the cause of issue 23\'s crash)', async () => {
    // Node's Readable.toWeb throws ERR_INVALID_STATE from a 'data' event that reaches it after its
    // stream was cancelled, outside any promise: the process died. The server must never hand the
    // live request to that adapter, so a late event finds no one to throw.
    const late = (req: IncomingMessage) => {
      req.once('data', () => setTimeout(() => req.emit('data', Buffer.from('late')), 20));
    };
    server.server.prependListener('request', late);
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      const response = await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob(['{"email":"', 'a'.repeat(100 * 1024)]).stream(),
        duplex: 'half',
      } as RequestInit).catch(() => undefined);
      expect(response === undefined || response.status === 413).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      server.server.off('request', late);
      process.off('uncaughtException', onError);
    }
    expect(errors).toEqual([]);
  });
});
