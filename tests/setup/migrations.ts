import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../../api/db/schema/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../api/db/migrations');

/**
 * An in-memory database as it was before migration `index` (migrations 0 to index − 1 applied),
 * for a test that writes the old rows and then checks what the migration made of them.
 */
export async function databaseBeforeMigration(index: number): Promise<{ db: PgliteDatabase<typeof schema>; migrateRest(): Promise<void>; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'musio-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < index) }));
  const client = await PGlite.create();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: dir });
  return {
    db,
    migrateRest: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
