import { openDatabase, type DatabaseHandle } from '../../api/db/client.ts';
import { startJobQueue } from '../../api/jobs/queue.ts';
import { createLogger } from '../../api/lib/logger.ts';

/** A round's fresh database: migrated, with the job queue's tables (pg-boss creates them when it starts). */
export async function openBenchDatabase(url: string): Promise<DatabaseHandle> {
  const database = await openDatabase({ kind: 'postgres', url, max: 4 });
  await database.migrate();
  const jobs = await startJobQueue(database, createLogger({ level: 'silent', json: false }), { schedule: false });
  await jobs.stop({ graceful: true });
  return database;
}
