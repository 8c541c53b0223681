/**
 * `npm run bench:billing`: 10,000 subscriptions whose first charge is due on the same day, on
 * PostgreSQL with the local gateway. One server process (jobs on) is started per round on a fresh
 * database; the clock is moved to that day and the time until every charge is recorded is measured
 * (POST /dev/clock returns when nothing is due or under way), with the server's peak RSS
 * (VmHWM) and its RSS sampled through the run. Several rounds; medians with their spread.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createPostgresClient } from '../../api/db/client.ts';
import { seedTrialingSubscriptions } from '../../tests/support/billing-seed.ts';
import { withDatabase } from '../../tests/setup/test-database.ts';
import { root } from '../lib/run.ts';
import { cpuSecondsOf, memoryOf } from './process-stats.ts';
import { openBenchDatabase } from './database.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const dueDay = '2030-01-31';

async function round(index: number) {
  const name = `musio_bench_billing_${randomBytes(4).toString('hex')}`;
  const admin = createPostgresClient(adminUrl, 1);
  await admin.unsafe(`create database "${name}"`);
  // BENCH_LOG_SQL=1: PostgreSQL logs every statement of this database (to count queries per charge).
  if (process.env.BENCH_LOG_SQL) await admin.unsafe(`alter database "${name}" set log_statement = 'all'`);
  const url = withDatabase(adminUrl, name);
  try {
    const database = await openBenchDatabase(url);
    const seeded = performance.now();
    await seedTrialingSubscriptions(database.db, { count, trialEndsOn: dueDay, tag: `bench${index}` });
    const seedSeconds = (performance.now() - seeded) / 1000;

    const child = fork(path.join(root, 'tests/support/server-process.ts'), [], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : [])] });
    const serverUrl = await new Promise<string>((resolve, reject) => {
      child.once('message', (message: { ready: string }) => resolve(message.ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const before = await memoryOf(child.pid!);
    const cpuBefore = await cpuSecondsOf(child.pid!);
    const samples: number[] = [];
    const sampler = setInterval(() => void memoryOf(child.pid!).then((memory) => samples.push(memory.rssMb)), 500);
    const started = performance.now();
    const response = await fetch(`${serverUrl}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: `${dueDay}T03:00:00+09:00` }) });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (response.status !== 200) throw new Error(`the clock answered ${response.status}: ${await response.text()}`);
    const after = await memoryOf(child.pid!);
    const cpuMsPerCharge = ((await cpuSecondsOf(child.pid!)) - cpuBefore) * 1000 / count;
    const charged = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from charges where status = 'succeeded' and kind = 'period'`);
    const rows = Array.isArray(charged) ? charged : (charged as unknown as { rows: { count: number }[] }).rows;
    const succeeded = rows[0]!.count;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.close();
    if (succeeded !== count) throw new Error(`expected ${count} charges, found ${succeeded}`);
    return { seconds, perSecond: count / seconds, rssStartMb: before.rssMb, rssEndMb: after.rssMb, rssMaxSampledMb: Math.max(before.rssMb, ...samples), peakMb: after.peakMb, seedSeconds, cpuMsPerCharge };
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;

const results = [];
for (let index = 0; index < rounds; index += 1) {
  const result = await round(index);
  console.log(`round ${index + 1}: ${count} charges in ${result.seconds.toFixed(1)} s (${result.perSecond.toFixed(0)}/s), RSS ${result.rssStartMb.toFixed(0)} → ${result.rssEndMb.toFixed(0)} MB, peak ${result.peakMb.toFixed(0)} MB, server CPU ${result.cpuMsPerCharge.toFixed(2)} ms a charge`);
  results.push(result);
}
console.table({
  'time to charge all (s)': { median: median(results.map((r) => r.seconds)).toFixed(1), spread: spread(results.map((r) => r.seconds)) },
  'charges per second': { median: median(results.map((r) => r.perSecond)).toFixed(0), spread: spread(results.map((r) => r.perSecond)) },
  'server CPU per charge (ms)': { median: median(results.map((r) => r.cpuMsPerCharge)).toFixed(2), spread: spread(results.map((r) => r.cpuMsPerCharge)) },
  'server RSS at start (MB)': { median: median(results.map((r) => r.rssStartMb)).toFixed(0), spread: spread(results.map((r) => r.rssStartMb)) },
  'server peak RSS (MB)': { median: median(results.map((r) => r.peakMb)).toFixed(0), spread: spread(results.map((r) => r.peakMb)) },
});
const worst = Math.max(...results.map((r) => r.seconds));
if (worst > 60) {
  console.error(`budget missed: ${worst.toFixed(1)} s > 60 s`);
  process.exitCode = 1;
}
