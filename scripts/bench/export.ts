/**
 * `npm run bench:export`: a CSV export of 1,000 members and of 100,000 members from one server
 * process on PostgreSQL (product decision 33: streamed, so the big one does not sit in memory).
 * Measured: the time of each download and the server's RSS sampled every 50 ms while it runs; the
 * two maxima should be about the same.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createPostgresClient } from '../../api/db/client.ts';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { withDatabase } from '../../tests/setup/test-database.ts';
import { root } from '../lib/run.ts';
import { memoryOf } from './process-stats.ts';
import { openBenchDatabase } from './database.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const big = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const small = 1_000;

const name = `musio_bench_export_${randomBytes(4).toString('hex')}`;
const admin = createPostgresClient(adminUrl, 1);
await admin.unsafe(`create database "${name}"`);
const url = withDatabase(adminUrl, name);
try {
  const database = await openBenchDatabase(url);
  for (const [prefix, count] of [['small', small], ['big', big]] as const) {
    await database.db.execute(sql`
      insert into accounts (email, password_hash, first_name, last_name, birthday)
      select ${prefix} || '.' || i || '@example.jp', 'not-a-hash', '花子', '山田', '199001' from generate_series(1, ${count}) as i`);
  }
  await database.close();

  const child = fork(path.join(root, 'tests/support/server-process.ts'), [], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { ready: string }) => resolve(message.ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const signUp = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, first_name: DEMO_ADMIN.firstName, last_name: DEMO_ADMIN.lastName, birthday: DEMO_ADMIN.birthday, client_key: 'bench' }),
  });
  const { token } = (await signUp.json()) as { token: string };
  if (!token) throw new Error(`sign-up answered ${signUp.status}`);

  const measure = async (prefix: string) => {
    const samples: number[] = [];
    const sampler = setInterval(() => void memoryOf(child.pid!).then((memory) => samples.push(memory.rssMb)), 50);
    const started = performance.now();
    const response = await fetch(`${base}/api/v2/admin/exports/members.csv?q=${prefix}.`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    samples.push((await memoryOf(child.pid!)).rssMb);
    return { rows: lines - 1, mb: bytes / 1e6, seconds, maxRssMb: Math.max(...samples) };
  };
  const idle = (await memoryOf(child.pid!)).rssMb;
  const warm = await measure('small');
  const one = await measure('small');
  const many = await measure('big');
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(`server RSS idle ${idle.toFixed(0)} MB (first export, warming up: max ${warm.maxRssMb.toFixed(0)} MB)`);
  for (const run of [one, many]) {
    console.log(`${run.rows} rows, ${run.mb.toFixed(1)} MB of CSV in ${run.seconds.toFixed(2)} s; server RSS max sampled ${run.maxRssMb.toFixed(0)} MB`);
  }
  console.log(`difference: ${(many.maxRssMb - one.maxRssMb).toFixed(0)} MB for ${(many.rows / one.rows).toFixed(0)}× the rows`);
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
