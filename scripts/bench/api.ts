/**
 * `npm run bench:api`: our two most frequent reads (GET /api/auth/session and GET /api/v2/userdata)
 * against hand-written node:http + postgres.js handlers doing the same queries, on PostgreSQL; then
 * sign-ins per second.
 *
 * Machine noise on 2 shared cores lands on whichever side runs at that moment, so the two sides
 * alternate in several short rounds (ours first in even rounds, the baseline first in odd ones),
 * and each round gives a ratio ours / baseline; the report is the median ratio and its spread.
 * BENCH_ROUNDS (default 7) and BENCH_SECONDS (per run, default 3) tune it. Exits 1 when a median
 * ratio is under BENCH_MIN_RATIO (default 0.8). BENCH_PROFILE=<dir> writes a CPU profile of each server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresClient, openDatabase } from '../../api/db/client.ts';
import { withDatabase } from '../../tests/setup/test-database.ts';
import { BENCH_ACCOUNT } from './shared.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const minRatio = Number(process.env.BENCH_MIN_RATIO ?? 0.8);
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
    // BENCH_PROFILE=<dir>: a CPU profile of each server (where a request's time goes), written on exit
    // as <dir>/<script>/*.cpuprofile.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_PROFILE, script)}`] : [];
    const child = fork(path.join(import.meta.dirname, script), { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit', execArgv: [...process.execArgv, ...profile] });
    children.push(child);
    child.once('message', (message: { ready: string }) => resolve(message.ready));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ connections: 10, duration: seconds, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Side {
  rps: number[];
  p50: number[];
  p99: number[];
  errors: number;
}
const side = (): Side => ({ rps: [], p50: [], p99: [], errors: 0 });
function record(into: Side, result: autocannon.Result) {
  into.rps.push(result.requests.average);
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
  into.errors += result.errors + result.non2xx;
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
  const reads = [
    { name: 'GET /api/auth/session', ours: `${ours}/api/auth/session`, baseline: `${baseline}/session` },
    { name: 'GET /api/v2/userdata', ours: `${ours}/api/v2/userdata`, baseline: `${baseline}/userdata` },
  ];

  // Both sides must answer the same thing (the same body and the same headers, security headers
  // included: the same bytes on the wire), or the comparison means nothing.
  const answerOf = async (url: string) => {
    const response = await fetch(url, { headers });
    const sent = [...response.headers].filter(([name]) => name !== 'date').map(([name, value]) => `${name}: ${value}`);
    return `${response.status}\n${sent.sort().join('\n')}\n\n${await response.text()}`;
  };
  for (const read of reads) {
    const [a, b] = await Promise.all([answerOf(read.ours), answerOf(read.baseline)]);
    if (a !== b) throw new Error(`${read.name}: the baseline answers differently\n ours:\n${a}\n base:\n${b}`);
  }

  for (const read of reads) for (const url of [read.ours, read.baseline]) await run({ url, headers, duration: 1 });
  const results = reads.map(() => ({ ours: side(), baseline: side(), ratios: [] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, read] of reads.entries()) {
      const result = results[index]!;
      const order = round % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const which of order) record(result[which], await run({ url: read[which], headers }));
      result.ratios.push(result.ours.rps.at(-1)! / result.baseline.rps.at(-1)!);
    }
    process.stdout.write(`round ${round + 1}/${rounds}\r`);
  }

  // Many members signing in from many addresses behind one proxy (TRUST_PROXY is on).
  const signIns = await run({
    url: `${ours}/api/auth/signin`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } }) }],
  });

  const rows = results.flatMap((result, index) => [
    { measure: `${reads[index]!.name} (ours)`, 'req/s (median)': Math.round(median(result.ours.rps)), 'p50 ms': median(result.ours.p50), 'p99 ms': median(result.ours.p99), errors: result.ours.errors },
    { measure: '  same queries, node:http + postgres.js', 'req/s (median)': Math.round(median(result.baseline.rps)), 'p50 ms': median(result.baseline.p50), 'p99 ms': median(result.baseline.p99), errors: result.baseline.errors },
  ]);
  rows.push({ measure: 'POST /api/auth/signin (argon2id)', 'req/s (median)': Math.round(signIns.requests.average), 'p50 ms': signIns.latency.p50, 'p99 ms': signIns.latency.p99, errors: signIns.errors + signIns.non2xx });
  console.log(`${rounds} rounds of ${seconds} s per side, sides alternating`);
  console.table(rows);
  for (const [index, result] of results.entries()) {
    const ratio = median(result.ratios);
    const spread = `${Math.min(...result.ratios).toFixed(2)} to ${Math.max(...result.ratios).toFixed(2)}`;
    console.log(`${reads[index]!.name}: ours / baseline = ${ratio.toFixed(2)} (median of ${rounds} rounds; ${spread}) ${ratio >= minRatio ? 'ok' : `UNDER ${minRatio}`}`);
    if (ratio < minRatio) process.exitCode = 1;
  }
} finally {
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))));
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}
