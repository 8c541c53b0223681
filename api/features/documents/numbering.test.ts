import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { stringifyCookie } from 'cookie-es';
import { moveClock } from '../../../tests/support/billing.ts';
import { memberWithCard } from '../../../tests/support/factories.ts';
import { startServerProcess, type ServerProcess } from '../../../tests/support/processes.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { AppContext } from '../../context.ts';
import { openDatabase } from '../../db/client.ts';
import { accounts, billingDocuments, charges } from '../../db/schema/index.ts';
import { issueReceipts } from './issue.ts';

/**
 * Receipt numbers (product decision 25): one gapless, unique series per issuer, kind and year,
 * also when two servers issue at the same moment (docs/decisions/0036).
 */
const app = useTestApp();
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

/** Succeeded charges without receipts, as the ledger held them before receipts existed. */
async function paidChargesWithoutReceipts(accountId: string, count: number, tag: string): Promise<string[]> {
  const rows = await app.ctx.database.db
    .insert(charges)
    .values(
      Array.from({ length: count }, (_, index) => ({
        accountId,
        kind: 'fee' as const,
        periodStart: '2030-03-01',
        amount: 1000 + index,
        description: '返送料',
        status: 'succeeded' as const,
        idempotencyKey: `numbering:${tag}:${index}`,
        succeededAt: new Date(),
      })),
    )
    .returning({ id: charges.id });
  return rows.map((row) => row.id);
}

/** Every receipt of the year's series: their sequences must be 1…n, each charge once. */
async function expectGaplessSeries(year: number, chargeIds: string[]): Promise<void> {
  const all = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.kind, 'receipt'));
  const series = all.filter((row) => row.number.startsWith(`R-${year}-`));
  const sequences = series.map((row) => row.sequence).sort((a, b) => a - b);
  expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
  expect(new Set(series.map((row) => row.number)).size).toBe(series.length);
  const mine = await app.ctx.database.db.select().from(billingDocuments).where(and(inArray(billingDocuments.chargeId, chargeIds), eq(billingDocuments.kind, 'receipt')));
  expect(mine).toHaveLength(chargeIds.length);
  expect(mine.every((row) => row.number === `R-${year}-${String(row.sequence).padStart(6, '0')}`)).toBe(true);
}

async function accountIdOf(email: string): Promise<string> {
  const [row] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return row!.id;
}

describe('receipt numbers', () => {
  it('two connections issuing at once, over overlapping charges: no gap, no duplicate, one receipt per charge', { timeout: 60_000 }, async () => {
    await moveClock(app, { to: '2030-03-01T10:00:00+09:00' });
    const member = await memberWithCard(app);
    const email = ((await (await member.get('/api/v2/profile')).json()) as { data: { email: string } }).data.email;
    const ids = await paidChargesWithoutReceipts(await accountIdOf(email), 40, 'connections');
    // On PostgreSQL a second pool is a second set of connections; PGlite has one connection, which takes turns.
    const second = app.ctx.database.kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: app.ctx.database.url!, max: 4 }) : app.ctx.database;
    try {
      const contexts: AppContext[] = [app.ctx, { ...app.ctx, database: second }];
      // Batches of 5, every charge asked for by both connections, in opposite orders.
      const batches = Array.from({ length: 8 }, (_, index) => ids.slice(index * 5, index * 5 + 5));
      await Promise.all(
        contexts.flatMap((ctx, which) =>
          (which ? [...batches].reverse() : batches).map((batch) => ctx.database.db.transaction((tx) => issueReceipts(ctx, tx, batch))),
        ),
      );
    } finally {
      if (second !== app.ctx.database) await second.close();
    }
    await expectGaplessSeries(2030, ids);
  });

  it.skipIf(!process.env.DATABASE_URL)('two server processes opening receipts of the same charges at once (PostgreSQL)', { timeout: 120_000 }, async () => {
    const member = await memberWithCard(app);
    const email = ((await (await member.get('/api/v2/profile')).json()) as { data: { email: string } }).data.email;
    const ids = await paidChargesWithoutReceipts(await accountIdOf(email), 30, 'processes');
    const servers = await Promise.all([startServerProcess({ DATABASE_URL: app.ctx.database.url! }), startServerProcess({ DATABASE_URL: app.ctx.database.url! })]);
    running.push(...servers);
    const cookie = stringifyCookie(Object.fromEntries(member.cookies), { encode: (value) => value });
    const statuses = await Promise.all(
      servers.flatMap((server) => ids.map(async (id) => (await fetch(`${server.url}/receipts/${id}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    await expectGaplessSeries(2030, ids);
  });
});
