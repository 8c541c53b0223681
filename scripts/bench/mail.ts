/**
 * `npm run bench:mail`: a mass mail to 20,000 members on PostgreSQL, handed over SMTP to a local
 * sink (smtp-server that counts and discards). One server process (jobs on) picks the mass mail up
 * on start, as after a restart; measured: the time until every recipient is queued in the outbox, and
 * until every mail is accepted by the sink, with the server's peak RSS (VmHWM) and sampled RSS.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createPostgresClient } from '../../api/db/client.ts';
import { audienceWhere, insertMassMail, insertRecipients } from '../../api/features/mass-mail/queries.ts';
import { withDatabase } from '../../tests/setup/test-database.ts';
import { root } from '../lib/run.ts';
import { memoryOf } from './process-stats.ts';
import { openBenchDatabase } from './database.ts';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const rate = process.env.MAIL_RATE_PER_MINUTE ?? '1000000';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const address = sink.server.address();
const smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const name = `musio_bench_mail_${randomBytes(4).toString('hex')}`;
const admin = createPostgresClient(adminUrl, 1);
await admin.unsafe(`create database "${name}"`);
const url = withDatabase(adminUrl, name);
try {
  const database = await openBenchDatabase(url);
  await database.db.execute(sql`
    insert into accounts (email, password_hash, first_name, last_name, birthday, event_mail)
    select 'bench.' || i || '@example.jp', 'not-a-hash', '花子', '山田', '199001', true from generate_series(1, ${count}) as i`);
  const massMail = await insertMassMail(database.db, { title: 'ベンチマーク', html: '<p>一斉メールのベンチマークです。</p>', text: '一斉メールのベンチマークです。', filters: {}, createdAt: new Date() });
  const where = audienceWhere({ selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: false }, '2026-01-01', { consentingOnly: true });
  if ((await insertRecipients(database.db, massMail.id, where)) !== count) throw new Error('recipients not as seeded');

  const started = performance.now();
  const child = fork(path.join(root, 'tests/support/server-process.ts'), [], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error', SMTP_URL: smtpUrl, MAIL_FROM: 'bench@musio-english.example', MAIL_RATE_PER_MINUTE: rate },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { ready: string }) => resolve(message.ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const samples: number[] = [];
  const sampler = setInterval(() => void memoryOf(child.pid!).then((memory) => samples.push(memory.rssMb)), 500);
  let queuedSeconds = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!queuedSeconds) {
      const [row] = rowsOf<{ status: string }>(await database.db.execute(sql`select status from mass_mails where id = ${massMail.id}`));
      if (row?.status === 'done') queuedSeconds = (performance.now() - started) / 1000;
    }
    const [sent] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from mails where status = 'sent'`));
    if (sent!.n >= count && received >= count) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`timed out: ${sent!.n} sent, ${received} received`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const memory = await memoryOf(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await database.close();
  console.log(
    `${count} recipients: queued in the outbox in ${queuedSeconds.toFixed(1)} s (${(count / queuedSeconds).toFixed(0)}/s); all accepted by the SMTP sink in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} mails/s); server RSS max sampled ${Math.max(...samples).toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`,
  );
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  sink.close();
}
