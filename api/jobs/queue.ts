import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type SendOptions } from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

export type JobQueue = PgBoss;

/** pg-boss's schema in our database. */
const JOB_SCHEMA = 'pgboss';

/**
 * Starts pg-boss on the same database: its own small pool on PostgreSQL, the shared single
 * connection on PGlite. `schedule` turns on cron (maintenance jobs); tests leave it off.
 */
export async function startJobQueue(database: DatabaseHandle, logger: Logger, options: { schedule: boolean; superviseIntervalSeconds?: number }): Promise<JobQueue> {
  // pg-boss fails jobs whose heartbeat stopped in its monitor pass, which runs at the longer of the
  // two intervals: both are set, or the pass stays at its default minute (api/jobs/recovery.ts).
  const supervise = options.superviseIntervalSeconds ?? 30;
  const common = { schema: JOB_SCHEMA, schedule: options.schedule, supervise: true, migrate: true, superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise } as const;
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.url, max: 3, application_name: 'musio-english-jobs' });
  boss.on('error', (error: unknown) => logger.error('job queue error', { error }));
  await boss.start();
  return boss;
}

/**
 * Sends a job as part of a database transaction (the outbox pattern): the job exists if and only
 * if the transaction commits. Without a job queue (some tests) nothing is sent.
 */
export async function sendInTransaction(
  jobs: JobQueue | undefined,
  tx: Database,
  queue: string,
  data: object,
  options: Omit<SendOptions, 'db'> = {},
): Promise<void> {
  if (!jobs) return;
  await jobs.send(queue, data, { ...options, db: fromDrizzle(tx as never, sql as never) });
}

/** Many jobs in one statement, in the transaction when given (the outbox pattern, as above). */
export async function insertJobs(jobs: JobQueue | undefined, tx: Database | undefined, queue: string, data: object[]): Promise<void> {
  if (!jobs || data.length === 0) return;
  await jobs.insert(
    queue,
    data.map((item) => ({ data: item })),
    tx ? { db: fromDrizzle(tx as never, sql as never) } : {},
  );
}

/**
 * Whether any job of these queues is running or ready to run now (not one waiting for a later
 * start). /dev/clock waits on it so a clock move answers after the work it started.
 */
export async function jobsUnderWay(db: Database, queues: string[]): Promise<boolean> {
  if (queues.length === 0) return false;
  const result = await db.execute<{ under_way: boolean }>(sql`
    select exists (
      select 1 from ${sql.identifier(JOB_SCHEMA)}.job j
      where j.name in (${sql.join(queues.map((queue) => sql`${queue}`), sql`, `)})
        and (j.state = 'active' or (j.state in ('created', 'retry') and j.start_after <= now()))
    ) as under_way
  `);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { under_way: boolean }[] }).rows;
  return Boolean(rows[0]?.under_way);
}
