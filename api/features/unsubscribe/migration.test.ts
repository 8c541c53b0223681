import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../tests/setup/migrations.ts';
import { findAccountByUnsubscribeToken } from './queries.ts';

/**
 * Migration 0015 keeps the unsubscribe links already mailed working: the plaintext tokens of
 * 0011's table become SHA-256 rows of `unsubscribe_links`, and the plaintext is gone.
 */
describe('migration 0015: hashed unsubscribe tokens', () => {
  it('a token mailed before the migration still unsubscribes after it, and no plaintext stays', async () => {
    // The migrations as they were before 0015.
    const { db, migrateRest, close } = await databaseBeforeMigration(15);
    const token = 'Old-Token_mailed_before-0015x';
    await db.execute(sql`insert into accounts (id, email, password_hash, first_name, last_name, birthday) values ('00000000-0000-4000-8000-0000000000aa', 'old@example.jp', 'x', '花子', '山田', '199001')`);
    await db.execute(sql`insert into unsubscribe_tokens (account_id, token) values ('00000000-0000-4000-8000-0000000000aa', ${token})`);

    await migrateRest();
    expect(await findAccountByUnsubscribeToken(db, token)).toMatchObject({ email: 'old@example.jp' });
    expect(await findAccountByUnsubscribeToken(db, `${token}y`)).toBeUndefined();
    const dump = JSON.stringify((await db.execute(sql`select * from unsubscribe_links`)).rows);
    expect(dump).not.toContain(token);
    await close();
  });
});
