/**
 * `npm run bench:billing`: subscriptions whose first charge is due on the same day, on PostgreSQL
 * with the local gateway. One server process (jobs on) is started per round on a fresh database;
 * the clock is moved to that day and the time until every charge is recorded is measured (POST
 * /dev/clock returns when nothing is due or under way), with the server's peak RSS (VmHWM) and its
 * RSS sampled through the run. Three kinds of round, each can run alone (`-- --round <name>`):
 * - `charge`: 10,000 charges, unlimited gateway, BENCH_ROUNDS rounds; medians with their spread;
 * - `paced` (product decision 29): 10,000 charges against a gateway that allows 25 requests a second,
 *   answers in 200 ms and refuses 2% at random with a 429; the clock's pace set to the same 25:
 *   at least 95% of the allowed rate sustained, no member-visible failure;
 * - `large`: 100,000 due subscriptions, unlimited gateway, after one 10,000 round in the same run
 *   as its baseline: peak RSS within 10% of the 10,000 round's.
 * Sizes: BENCH_SUBSCRIPTIONS (charge), BENCH_PACED_SUBSCRIPTIONS, BENCH_LARGE_SUBSCRIPTIONS.
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
import type { DatabaseHandle } from '../../api/db/client.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const pacedCount = Number(process.env.BENCH_PACED_SUBSCRIPTIONS ?? 10_000);
const largeCount = Number(process.env.BENCH_LARGE_SUBSCRIPTIONS ?? 100_000);
const dueDay = '2030-01-31';
const flag = process.argv.indexOf('--round');
const only = flag >= 0 ? process.argv[flag + 1] : undefined;
if (only && !['charge', 'paced', 'large'].includes(only)) throw new Error(`--round: charge, paced or large (not ${only})`);

/** The gateway of the paced round: Stripe's sandbox allowance, a slow answer, some 429s at random. */
const PACED_RATE = 25;
const pacedEnv = { PAYMENT_RATE_PER_SECOND: String(PACED_RATE), LOCAL_GATEWAY_RATE_PER_SECOND: String(PACED_RATE), LOCAL_GATEWAY_LATENCY_MS: '200', LOCAL_GATEWAY_429_SHARE: '0.02' };

const scalar = async (db: DatabaseHandle['db'], query: ReturnType<typeof sql>) => {
  const result = await db.execute<{ value: number }>(query);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { value: number }[] }).rows;
  return Number(rows[0]?.value ?? 0);
};

/** Until every period charge is recorded as paid (the clock's work is done then). */
async function waitForLedger(db: DatabaseHandle['db'], count: number): Promise<void> {
  for (const deadline = Date.now() + 3_600_000; Date.now() < deadline; ) {
    const paid = await scalar(db, sql`select count(*)::int as value from charges where status = 'succeeded' and kind = 'period'`);
    if (paid >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the clock did not finish within an hour');
}

async function round(index: number, count: number, env: Record<string, string> = {}) {
  const name = `musio_bench_billing_${randomBytes(4).toString('hex')}`;
  const admin = createPostgresClient(adminUrl, 1);
  await admin.unsafe(`create database "${name}"`);
  // BENCH_LOG_SQL=1: PostgreSQL logs every statement of this database (to count queries per charge).
  if (process.env.BENCH_LOG_SQL) await admin.unsafe(`alter database "${name}" set log_statement = 'all'`);
  const url = withDatabase(adminUrl, name);
  let child: ReturnType<typeof fork> | undefined;
  try {
    const database = await openBenchDatabase(url);
    const seeded = performance.now();
    await seedTrialingSubscriptions(database.db, { count, trialEndsOn: dueDay, tag: `bench${index}` });
    const seedSeconds = (performance.now() - seeded) / 1000;

    const server = fork(path.join(root, 'tests/support/server-process.ts'), [], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : [])] });
    child = server;
    const serverUrl = await new Promise<string>((resolve, reject) => {
      server.once('message', (message: { ready: string }) => resolve(message.ready));
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const before = await memoryOf(server.pid!);
    const cpuBefore = await cpuSecondsOf(server.pid!);
    const samples: number[] = [];
    const sampler = setInterval(() => void memoryOf(server.pid!).then((memory) => samples.push(memory.rssMb)), 500);
    const started = performance.now();
    const response = await fetch(`${serverUrl}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: `${dueDay}T03:00:00+09:00` }) });
    // /dev/clock gives up waiting after 2 minutes (clockBusy); a paced or large run goes on: wait for the ledger.
    if (response.status === 503 && (await response.text()).includes('clockBusy')) {
      await waitForLedger(database.db, count);
    } else if (response.status !== 200) {
      throw new Error(`the clock answered ${response.status}: ${await response.text()}`);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await memoryOf(server.pid!);
    const cpuMsPerCharge = ((await cpuSecondsOf(server.pid!)) - cpuBefore) * 1000 / count;
    const succeeded = await scalar(database.db, sql`select count(*)::int as value from charges where status = 'succeeded' and kind = 'period'`);
    // What a member would notice of a busy gateway: a failed charge, a failure mail, a past-due status.
    const memberVisible =
      (await scalar(database.db, sql`select count(*)::int as value from charges where first_failed_on is not null or status = 'failed'`)) +
      (await scalar(database.db, sql`select count(*)::int as value from mails where template in ('billing-payment-failed', 'billing-final-notice', 'billing-suspended')`)) +
      (await scalar(database.db, sql`select count(*)::int as value from subscriptions where status = 'pastDue'`));
    const refusedOverRate = await scalar(database.db, sql`select coalesce(max(refused), 0)::int as value from dev.local_gateway_rate`);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.close();
    if (succeeded !== count) throw new Error(`expected ${count} charges, found ${succeeded}`);
    return { seconds, perSecond: count / seconds, rssStartMb: before.rssMb, rssEndMb: after.rssMb, rssMaxSampledMb: Math.max(before.rssMb, ...samples), rssTrendMb: trendOf(samples), peakMb: after.peakMb, seedSeconds, cpuMsPerCharge, memberVisible, refusedOverRate };
  } finally {
    // A round that failed leaves no server behind on a dropped database.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
type Result = Awaited<ReturnType<typeof round>>;
const report = (name: string, n: number, result: Result) => {
  console.log(
    `${name}: ${n} charges in ${result.seconds.toFixed(1)} s (${result.perSecond.toFixed(1)}/s), RSS ${result.rssStartMb.toFixed(0)} → ${result.rssEndMb.toFixed(0)} MB, peak ${result.peakMb.toFixed(0)} MB, server CPU ${result.cpuMsPerCharge.toFixed(2)} ms a charge, member-visible failures ${result.memberVisible}`,
  );
  // Whether memory grows with the run or levels off: RSS sampled at each tenth of it.
  console.log(`  RSS (MB) at each tenth of the run: ${result.rssTrendMb.map((mb) => mb.toFixed(0)).join(' ')}`);
};

/** RSS samples (every 500 ms) at the start and each tenth of the run. */
function trendOf(samples: number[]): number[] {
  return samples.length ? Array.from({ length: 11 }, (_, tenth) => samples[Math.min(samples.length - 1, Math.floor((tenth * samples.length) / 10))]!) : [];
}
const misses: string[] = [];

if (!only || only === 'charge') {
  const results: Result[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const result = await round(index, count);
    report(`charge round ${index + 1}`, count, result);
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
  if (worst > 60 * (count / 10_000)) misses.push(`charge: ${worst.toFixed(1)} s > 60 s for 10,000`);
}

if (!only || only === 'paced') {
  const result = await round(100, pacedCount, pacedEnv);
  report('paced round', pacedCount, result);
  const share = result.perSecond / PACED_RATE;
  console.log(`paced: ${result.perSecond.toFixed(2)} charges a second = ${(share * 100).toFixed(1)}% of the allowed ${PACED_RATE}; refused for going over the rate: ${result.refusedOverRate}; member-visible failures: ${result.memberVisible}`);
  if (share < 0.95) misses.push(`paced: ${(share * 100).toFixed(1)}% < 95% of the allowed rate`);
  if (result.memberVisible > 0) misses.push(`paced: ${result.memberVisible} member-visible failures`);
}

if (!only || only === 'large') {
  // Its baseline in the same run: one round of 10,000.
  const baseline = await round(200, 10_000);
  report('large round baseline', 10_000, baseline);
  const result = await round(201, largeCount);
  report('large round', largeCount, result);
  const ratio = result.peakMb / baseline.peakMb;
  console.log(`large: peak RSS ${result.peakMb.toFixed(0)} MB for ${largeCount} vs ${baseline.peakMb.toFixed(0)} MB for 10,000 (${ratio.toFixed(2)}×)`);
  if (ratio > 1.1) misses.push(`large: peak RSS ${ratio.toFixed(2)}× the 10,000 round's (> 1.10)`);
}

if (misses.length) {
  console.error(`budget missed:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
}
