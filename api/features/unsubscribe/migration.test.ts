import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { findAccountByUnsubscribeToken } from './queries.ts';

/**
 * Migration 0015 keeps the unsubscribe links already mailed working: the plaintext tokens of
 * 0011's table become SHA-256 rows of `unsubscribe_links`, and the plaintext is gone.
 */
const source = path.join(import.meta.dirname, '../../db/migrations');
const dir = await mkdtemp(path.join(tmpdir(), 'musio-migrations-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('migration 0015: hashed unsubscribe tokens', () => {
  it('a token mailed before the migration still unsubscribes after it, and no plaintext stays', async () => {
    // The migrations as they were before 0015.
    await cp(source, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < 15) }));

    const client = await PGlite.create();
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: dir });
    const token = 'Old-Token_mailed_before-0015x';
    await db.execute(sql`insert into accounts (id, email, password_hash, first_name, last_name, birthday) values ('00000000-0000-4000-8000-0000000000aa', 'old@example.jp', 'x', '花子', '山田', '199001')`);
    await db.execute(sql`insert into unsubscribe_tokens (account_id, token) values ('00000000-0000-4000-8000-0000000000aa', ${token})`);

    await migrate(db, { migrationsFolder: source });
    expect(await findAccountByUnsubscribeToken(db, token)).toMatchObject({ email: 'old@example.jp' });
    expect(await findAccountByUnsubscribeToken(db, `${token}y`)).toBeUndefined();
    const dump = JSON.stringify((await db.execute(sql`select * from unsubscribe_links`)).rows);
    expect(dump).not.toContain(token);
    await client.close();
  });
});
