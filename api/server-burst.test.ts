import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendHostile, startHostileTarget, type HostileTarget } from '../tests/support/hostile.ts';

/**
 * Issue 23's crash, over a real socket against a real server process: oversize bodies sent
 * chunked, a few dozen at once, used to end the process now and then with
 * `ERR_INVALID_STATE: Controller is already closed` (Node's web-stream adapter of the request,
 * cancelled by the body limit). scripts/hostile-burst.ts repeats the burst 1,000 times.
 */
let target: HostileTarget;

beforeAll(async () => {
  target = await startHostileTarget();
}, 60_000);
afterAll(async () => {
  await target?.stop();
});

const PATHS = ['/api/auth/signin', '/api/auth/signup', '/api/v2/admin/step-mails', '/api/no-such-call', '/'];
const oversize = new Uint8Array(200 * 1024).fill(0x5b); // 200 KB of '['

describe('oversize chunked bodies, forty at once', () => {
  it('are refused with 413 (or the connection closed), and the process keeps answering', async () => {
    const statuses = new Map<number, number>();
    for (let round = 0; round < 15; round += 1) {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          sendHostile(target.server.url, {
            path: PATHS[(round + i) % PATHS.length]!,
            body: oversize,
            chunkSize: [512, 4096, 16384, 65536][i % 4],
            // Some clients go away half-way, before or after the limit.
            ...(i % 5 === 0 ? { closeAfter: [8 * 1024, 100 * 1024][round % 2] } : {}),
          }),
        ),
      );
      for (const { status } of replies) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(target.exit()).toBeNull();
    }
    expect([...statuses.keys()].filter((status) => status !== 413 && status !== 0)).toEqual([]);
    expect(statuses.get(413)).toBeGreaterThan(300);
    const health = await fetch(`${target.server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(target.exit()).toBeNull();
  }, 120_000);

  it('answers the 413 in the API shape with the Japanese message key', async () => {
    const reply = await sendHostile(target.server.url, { path: '/api/auth/signin', body: oversize });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ status: 'error', code: 'requestTooLarge' });
  });

  it('still reads a body within the limit, sent chunked in small pieces', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ email: 'nobody@example.jp', password: 'wrong-password-1' }));
    const reply = await sendHostile(target.server.url, { path: '/api/auth/signin', body, chunkSize: 7 });
    expect(reply.status).toBe(401);
  });
});
