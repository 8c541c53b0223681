import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';
import { letPostgresConstructorsOptimise } from '../lib/v8-tuning.ts';

export type Schema = typeof schema;
/**
 * The drizzle database, whichever driver is underneath: queries are written once for both. A
 * transaction is one too (drizzle's PgTransaction extends PgDatabase), so a function taking a
 * Database runs inside the caller's transaction or on its own, with no cast.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The PGlite instance when embedded (pg-boss needs it to share the single connection). */
  pglite?: PGlite;
  /** The PostgreSQL URL when on a server (pg-boss opens its own small pool). */
  url?: string;
  /**
   * One prepared statement read as plain rows, without drizzle's query layers and row mapping: for
   * the read behind every signed-in request (the session check), where those layers cost about a
   * tenth of its CPU (bench:api). Same SQL text on both drivers; timestamps come as PostgreSQL's
   * text on a server and as Date on PGlite, so read them with `asDate`.
   */
  readRows<Row>(text: string, params: unknown[]): Promise<Row[]>;
  migrate(): Promise<number>;
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** A postgres.js client; server notices (such as "schema already exists") are not our logs. */
export function createPostgresClient(url: string, max: number, applicationName = 'musio-english'): postgres.Sql {
  letPostgresConstructorsOptimise();
  // JIT off: our queries are short, and PostgreSQL's JIT compiled the dashboard's month-by-month
  // subqueries for seconds (3.7 s against 5 ms without it, on a nearly empty database).
  return postgres(url, { max, onnotice: ignoreNotice, connection: { application_name: applicationName, jit: 'off' } });
}

function ignoreNotice(): void {
  // Notices are informational only.
}

// Any fixed number: every process that migrates the same database takes this lock first.
const MIGRATION_LOCK = 7_204_511;

/**
 * Opens the database named by the target: PostgreSQL through postgres.js, or PGlite in a folder or
 * in memory. PGlite and its drizzle driver are loaded only when embedded: a server on PostgreSQL
 * never carries them.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.max ?? 10);
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  let pglite: PGlite;
  if ('instance' in target) {
    pglite = target.instance;
  } else {
    await mkdir(path.dirname(target.dataDir), { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    pglite = await PGlite.create({ dataDir: target.dataDir });
  }
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db,
    kind: 'pglite',
    pglite,
    readRows: <Row>(text: string, params: unknown[]) => pglite.query<Row>(text, params).then((result) => result.rows),
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      return countMigrations(db);
    },
    ping: () => timed(() => pglite.query('select 1')),
    close: () => pglite.close(),
  };
}

const PREPARED = { prepare: true } as const;

function openPostgres(url: string, max: number): DatabaseHandle {
  const client = createPostgresClient(url, max);
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: 'postgres',
    url,
    // drizzle made this client return timestamps as text (its parsers are on the client's options).
    // The query itself (a promise of its rows), not wrapped in another: this is the hottest read.
    readRows: <Row>(text: string, params: unknown[]) => client.unsafe(text, params as postgres.ParameterOrJSON<never>[], PREPARED) as unknown as Promise<Row[]>,
    migrate: async () => {
      // A dedicated connection holds the advisory lock, so two servers starting together migrate once.
      const single = createPostgresClient(url, 1, 'musio-english-migrate');
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres({ client: single }), { migrationsFolder });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await single.end({ timeout: 5 });
      }
      return countMigrations(db);
    },
    ping: () => timed(() => client`select 1`),
    close: () => client.end({ timeout: 5 }),
  };
}

/** A timestamp from `readRows`: PostgreSQL's text (as drizzle reads it) or PGlite's Date. */
export function asDate(value: string | Date): Date;
export function asDate(value: string | Date | null): Date | null;
export function asDate(value: string | Date | null): Date | null {
  return value === null || value instanceof Date ? value : new Date(value);
}

async function countMigrations(db: Database): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]?.count ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
