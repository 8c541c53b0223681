/**
 * Issue 23's crash burst, repeated: 40 oversize bodies sent chunked at once (a fifth of the
 * clients going away half-way), ROUNDS times (1,000 unless given), against a real server process
 * on DATABASE_URL (a migrated PostgreSQL database). Prints the statuses, the process exits and the
 * event-loop delay inside the server; exits 1 if the server died or answered 500.
 *
 *   DATABASE_URL=postgres://… node scripts/hostile-burst.ts [ROUNDS]
 */
import { startServerProcess } from '../tests/support/processes.ts';
import { sendHostile } from '../tests/support/hostile-client.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to a migrated PostgreSQL database (npm run db:migrate).');
  process.exit(1);
}
const rounds = Number(process.argv[2] ?? 1000);
const server = await startServerProcess({ DATABASE_URL: url, SERVER_PROCESS_JOBS: 'false' });
let exits = 0;
server.child.once('exit', () => (exits += 1));

const delay = () =>
  new Promise<{ maxMs: number; p99Ms: number }>((resolve) => {
    server.child.once('message', (message: { eventLoopDelay: { maxMs: number; p99Ms: number } }) => resolve(message.eventLoopDelay));
    server.child.send({ eventLoop: 'reset' });
  });

const paths = ['/api/auth/signin', '/api/auth/signup', '/api/v2/admin/step-mails', '/api/no-such-call', '/'];
const body = new Uint8Array(200 * 1024).fill(0x5b);
const statuses = new Map<number, number>();
let worst = { maxMs: 0, p99Ms: 0 };
await delay();
const started = Date.now();
let round = 0;
for (; round < rounds && exits === 0; round += 1) {
  const replies = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      sendHostile(server.url, {
        path: paths[(round + i) % paths.length]!,
        body,
        chunkSize: [512, 4096, 16384, 65536][i % 4],
        ...(i % 5 === 0 ? { closeAfter: [8 * 1024, 100 * 1024][round % 2] } : {}),
      }),
    ),
  );
  for (const { status } of replies) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (exits === 0) {
    const measured = await delay();
    worst = { maxMs: Math.max(worst.maxMs, measured.maxMs), p99Ms: Math.max(worst.p99Ms, measured.p99Ms) };
  }
  if ((round + 1) % 100 === 0) console.log(`${round + 1} rounds, ${Math.round((Date.now() - started) / 1000)} s`);
}
const health = exits === 0 ? (await fetch(`${server.url}/api/health`)).status : 0;
console.log(JSON.stringify({ rounds: round, requests: round * 40, statuses: Object.fromEntries(statuses), exits, health, eventLoopDelayWorstRound: worst }, null, 2));
if (exits === 0) await server.stop();
process.exit(exits === 0 && !statuses.has(500) && health === 200 ? 0 : 1);
