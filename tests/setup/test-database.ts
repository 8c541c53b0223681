import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPostgresClient, openDatabase, type DatabaseHandle } from '../../api/db/client.ts';

/**
 * How each test file gets a fresh, migrated database quickly: a PGlite snapshot loaded into a new
 * in-memory instance, or a PostgreSQL database copied from a migrated template.
 */
export type TestDatabaseSource = { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; adminUrl: string; template: string };

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export async function createTestDatabase(source: TestDatabaseSource): Promise<TestDatabase> {
  if (source.kind === 'pglite') {
    const snapshot = new Blob([await readFile(source.snapshot)]);
    const instance = await PGlite.create({ loadDataDir: snapshot });
    const handle = await openDatabase({ kind: 'pglite', instance });
    return { ...handle, drop: () => handle.close() };
  }
  const name = `musio_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresClient(source.adminUrl, 1);
  try {
    await admin.unsafe(`create database "${name}" template "${source.template}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabase(source.adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, max: 5 });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = createPostgresClient(source.adminUrl, 1);
      try {
        await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end({ timeout: 5 });
      }
    },
  };
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
