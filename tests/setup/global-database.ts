import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPostgresClient, openDatabase, type DatabaseHandle } from '../../api/db/client.ts';
import { startJobQueue } from '../../api/jobs/queue.ts';
import { createLogger } from '../../api/lib/logger.ts';
import { withDatabase, type TestDatabaseSource } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** Migrates once per run (schema and pg-boss tables), then every test file copies the result. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `musio_template_${randomBytes(4).toString('hex')}`;
    const admin = createPostgresClient(url, 1);
    await admin.unsafe(`create database "${template}"`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), max: 2 });
    await prepare(handle);
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl: url, template });
    return async () => {
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'musio-test-'));
  const instance = await PGlite.create();
  const handle = await openDatabase({ kind: 'pglite', instance });
  await prepare(handle);
  const snapshot = path.join(dir, 'snapshot.tar');
  await writeFile(snapshot, new Uint8Array(await (await instance.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', snapshot });
  return () => rm(dir, { recursive: true, force: true });
}

async function prepare(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  const jobs = await startJobQueue(handle, createLogger({ level: 'silent', json: false }), { schedule: false });
  await jobs.stop({ graceful: true });
}
