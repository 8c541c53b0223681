import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startHostileTarget } from '../tests/support/hostile.ts';
import { waitFor } from '../tests/support/wait.ts';

/**
 * The graceful stop of a real server process, with its job workers (api/server.ts stopOnSignals,
 * as `npm start`, systemd and a container stop it): on SIGTERM or SIGINT it takes no new
 * connections, lets the request under way finish, stops pg-boss, closes the database, exits 0.
 */
async function untilExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null) return { code: child.exitCode, signal: null };
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('graceful shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('on %s: no new requests, the running one finishes, exit 0', { timeout: 90_000 }, async (signal) => {
    const target = await startHostileTarget({ SERVER_PROCESS_JOBS: 'true' });
    const { port } = new URL(target.server.url);
    try {
      // A request under way: its body is only half sent when the signal comes. A first request
      // on the same connection makes sure the server is serving it before the half-sent one starts.
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.write('GET /api/health HTTP/1.1\r\nhost: localhost\r\n\r\n');
      await waitFor(async () => (answer.includes('"status":"ok"') ? true : undefined), { what: 'the health answer' });
      answer = '';
      const answered = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const half = '{"email":"nobody@example.jp",';
      socket.write(`POST /api/auth/signin HTTP/1.1\r\nhost: localhost\r\norigin: http://localhost:4321\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${half.length.toString(16)}\r\n${half}\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const exited = untilExit(target.server.child);
      target.server.child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Stopped listening: a new connection is refused.
      await expect(fetch(`${target.server.url}/api/health`)).rejects.toThrow();
      expect(target.exit()).toBeNull();

      const rest = '"password":"wrong-password-1"}';
      socket.write(`${rest.length.toString(16)}\r\n${rest}\r\n0\r\n\r\n`);
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      await target.stop();
    }
  });
});
