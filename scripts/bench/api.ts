/**
 * `npm run bench:api`: sign-ins per second, and the session-checked read (GET /api/auth/session)
 * against a hand-written node:http + postgres.js handler doing the same query, in the same run,
 * on PostgreSQL. On 2 cores autocannon itself is a ceiling: compare the ratio, not the absolutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresClient, openDatabase } from '../../api/db/client.ts';
import { withDatabase } from '../../tests/setup/test-database.ts';
import { BENCH_ACCOUNT } from './shared.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databaseName = `musio_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(adminUrl, databaseName);
const admin = createPostgresClient(adminUrl, 1);
await admin.unsafe(`create database "${databaseName}"`);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, max: 1 });
await database.migrate();
await database.close();

const children: ChildProcess[] = [];
function start(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, script), { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' });
    children.push(child);
    child.once('message', (message: { ready: string }) => resolve(message.ready));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ connections: 10, duration: seconds, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}

function summary(name: string, result: autocannon.Result) {
  return { name, 'req/s': Math.round(result.requests.average), 'p50 ms': result.latency.p50, 'p99 ms': result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  const [ours, baseline] = await Promise.all([start('api-server.ts'), start('baseline-server.ts')]);
  const signIn = await fetch(`${ours}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const warm = { duration: 2 };
  await run({ url: `${ours}/api/auth/session`, headers, ...warm });
  await run({ url: `${baseline}/session`, headers, ...warm });
  const oursRead = await run({ url: `${ours}/api/auth/session`, headers });
  const baselineRead = await run({ url: `${baseline}/session`, headers });
  // Many members signing in from many addresses (TRUST_PROXY is on), as behind a load balancer.
  const signIns = await run({
    url: `${ours}/api/auth/signin`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } }) }],
  });

  const rows = [summary('GET /api/auth/session (ours)', oursRead), summary('same query, node:http + postgres.js', baselineRead), summary('POST /api/auth/signin (argon2id)', signIns)];
  console.table(rows);
  console.log(`session read: ours / baseline = ${(oursRead.requests.average / baselineRead.requests.average).toFixed(2)}`);
} finally {
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))));
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}
