import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { periodOf } from '../../../src/domain/billing/schedule.ts';
import { isBefore } from '../../../src/domain/billing/dates.ts';
import { seedTrialingSubscriptions } from '../../../tests/support/billing-seed.ts';
import { startServerProcess, type ServerProcess } from '../../../tests/support/processes.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { charges, localGatewayIntents, localGatewayRate, mails, subscriptions } from '../../db/schema/index.ts';
import { recoveryBoundSeconds } from '../../jobs/recovery.ts';

/**
 * The billing clock with several server processes on one PostgreSQL (the way the service scales):
 * every subscription is charged exactly once per period, nothing is skipped, every mail goes once —
 * also when a process is killed in the middle of a run and another takes over. PostgreSQL only:
 * PGlite lives inside one process.
 */
const app = useTestApp();
const isPostgres = () => app.ctx.database.kind === 'postgres';
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: app.ctx.database.url!, BILLING_ATTEMPT_LEASE_SECONDS: '2', JOBS_SUPERVISE_SECONDS: '2', ...extra });
  running.push(server);
  return server;
}

/**
 * The earlier tests' members renew every month: moving the clock years ahead would charge them all
 * again (at a paced gateway, thousands of requests). Tests that measure one run end them first.
 */
async function endEarlierPlans(): Promise<void> {
  await app.ctx.database.db.update(subscriptions).set({ status: 'ended', endsOn: '2000-01-01', deviceReturnedOn: '2000-01-01' });
}

async function moveClockOn(server: ServerProcess, to: string): Promise<void> {
  const response = await fetch(`${server.url}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to }) });
  if (response.status !== 200) throw new Error(`clock: ${response.status} ${await response.text()}`);
}

/** Every period start from the anchor up to a day (inclusive). */
function expectedStarts(anchor: string, months: number, until: string): string[] {
  const starts: string[] = [];
  for (let n = 0; !isBefore(until, periodOf(anchor, months, n).start); n += 1) starts.push(periodOf(anchor, months, n).start);
  return starts;
}

/** What the gateway itself recorded: succeeded payments per subscription (by the keys we sent). */
async function gatewayPaymentsBySubscription(ids: string[]): Promise<Map<string, number>> {
  const rows = await app.ctx.database.db.select({ key: localGatewayIntents.idempotencyKey }).from(localGatewayIntents).where(and(eq(localGatewayIntents.kind, 'payment'), eq(localGatewayIntents.status, 'succeeded')));
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const { key } of rows) {
    const id = /^sub:([0-9a-f-]{36}):/.exec(key)?.[1];
    if (id && counts.has(id)) counts.set(id, counts.get(id)! + 1);
  }
  return counts;
}

describe.skipIf(!process.env.DATABASE_URL)('the billing clock across server processes', () => {
  it('two processes, the clock moved over a year: each period charged once, none skipped, each receipt mailed once', { timeout: 240_000 }, async () => {
    expect(isPostgres()).toBe(true);
    const plans = [
      { optionId: 'ME_Plan_1', productId: 'lessons-4', months: 1 as const, price: 4620 },
      { optionId: 'ME_Plan_2', productId: 'lessons-4', months: 3 as const, price: 12_705 },
      { optionId: 'ME_Plan_3', productId: 'lessons-4', months: 12 as const, price: 46_200 },
    ];
    const ids = await seedTrialingSubscriptions(app.ctx.database.db, { count: 30, trialEndsOn: '2028-01-31', tag: 'twoproc', plans });
    const [a, b] = [await start(), await start()];
    // Month by month, alternating which process is told: both run the workers.
    const days = ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30', '2028-07-31', '2028-08-31', '2028-09-30', '2028-10-31', '2028-11-30', '2028-12-31', '2029-01-31'];
    for (const [index, day] of days.entries()) await moveClockOn(index % 2 ? b : a, `${day}T03:00:00+09:00`);

    const subs = await app.ctx.database.db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const ledger = await app.ctx.database.db.select().from(charges).where(inArray(charges.subscriptionId, ids));
    const gateway = await gatewayPaymentsBySubscription(ids);
    let total = 0;
    for (const sub of subs) {
      const expected = expectedStarts('2028-01-31', sub.contractMonth, '2029-01-31');
      const mine = ledger.filter((charge) => charge.subscriptionId === sub.id);
      expect({ id: sub.id, starts: mine.map((charge) => charge.periodStart).sort(), statuses: [...new Set(mine.map((charge) => charge.status))] }).toEqual({ id: sub.id, starts: expected, statuses: ['succeeded'] });
      expect({ id: sub.id, atGateway: gateway.get(sub.id) }).toEqual({ id: sub.id, atGateway: expected.length });
      total += expected.length;
    }
    expect(ledger).toHaveLength(total);
    const receipts = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(mails).where(eq(mails.template, 'billing-period-paid'));
    expect(receipts[0]!.count).toBe(total);
  });

  it('a process killed in the middle of a billing run, then another: nothing charged twice, nothing lost', { timeout: 240_000 }, async () => {
    const ids = await seedTrialingSubscriptions(app.ctx.database.db, { count: 300, trialEndsOn: '2029-03-01', tag: 'killed' });
    const first = await start();
    // Start the run without waiting for it, and kill the process once part of it is done.
    const run = moveClockOn(first, '2029-03-01T03:00:00+09:00').catch(() => undefined);
    await waitFor(
      async () => {
        const [row] = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(charges).where(and(inArray(charges.subscriptionId, ids), eq(charges.status, 'succeeded')));
        return row!.count >= 40 ? row!.count : undefined;
      },
      { what: 'part of the billing run', timeoutMs: 60_000 },
    );
    await first.kill();
    await run;
    const [done] = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(charges).where(and(inArray(charges.subscriptionId, ids), eq(charges.status, 'succeeded')));
    expect(done!.count).toBeLessThan(300);

    const second = await start();
    await moveClockOn(second, '2029-03-01T04:00:00+09:00');
    const ledger = await app.ctx.database.db.select().from(charges).where(inArray(charges.subscriptionId, ids));
    expect(ledger).toHaveLength(300);
    expect(ledger.every((charge) => charge.status === 'succeeded' && charge.periodStart === '2029-03-01')).toBe(true);
    const gateway = await gatewayPaymentsBySubscription(ids);
    expect([...gateway.values()].filter((count) => count !== 1)).toEqual([]);
    const active = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(subscriptions).where(and(inArray(subscriptions.id, ids), eq(subscriptions.status, 'active')));
    expect(active[0]!.count).toBe(300);
  });

  it('two processes share the gateway pace: the gateway never refuses one for going over its rate, everyone charged once', { timeout: 240_000 }, async () => {
    await endEarlierPlans();
    const ids = await seedTrialingSubscriptions(app.ctx.database.db, { count: 60, trialEndsOn: '2030-05-01', tag: 'paced' });
    // The gateway allows 10 a second (a token bucket shared by both processes), and so does the clock.
    const env = { PAYMENT_RATE_PER_SECOND: '10', LOCAL_GATEWAY_RATE_PER_SECOND: '10' };
    const [a, b] = [await start(env), await start(env)];
    const started = Date.now();
    await Promise.all([moveClockOn(a, '2030-05-01T03:00:00+09:00'), moveClockOn(b, '2030-05-01T03:00:00+09:00')]);
    // 60 requests at 10 a second: at least 5 s however many workers ask.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    const gateway = await gatewayPaymentsBySubscription(ids);
    expect([...gateway.values()].filter((count) => count !== 1)).toEqual([]);
    // The gateway never had to refuse a request for going over its rate: the two processes kept one pace.
    const [rate] = await app.ctx.database.db.select().from(localGatewayRate);
    expect(rate?.refused).toBe(0);
  });

  it('a process killed mid-run while another runs on: the survivor settles its charges and receipts within the recovery bound, same keys', { timeout: 300_000 }, async () => {
    await endEarlierPlans();
    const ids = await seedTrialingSubscriptions(app.ctx.database.db, { count: 300, trialEndsOn: '2031-03-01', tag: 'survivor' });
    // Short lease and supervisor pass here; recovery.test.ts holds the production defaults to 3 minutes.
    const env = { BILLING_ATTEMPT_LEASE_SECONDS: '5', JOBS_SUPERVISE_SECONDS: '2' };
    const bound = recoveryBoundSeconds({ jobsSuperviseSeconds: 2, billingAttemptLeaseMs: 5000 });
    // The gateway takes 300 ms an answer, so the killed process holds charges already asked for.
    const doomed = await start({ ...env, LOCAL_GATEWAY_LATENCY_MS: '300' });
    await start({ ...env, LOCAL_GATEWAY_LATENCY_MS: '300' }); // the survivor
    const run = moveClockOn(doomed, '2031-03-01T03:00:00+09:00').catch(() => undefined);
    const succeeded = async () => {
      const [row] = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(charges).where(and(inArray(charges.subscriptionId, ids), eq(charges.status, 'succeeded')));
      return row!.count;
    };
    await waitFor(async () => ((await succeeded()) >= 40 ? true : undefined), { what: 'part of the billing run', timeoutMs: 60_000 });
    await doomed.kill();
    const killedAt = Date.now();
    await run;
    // Nobody moves the clock again: only the survivor's workers (pg-boss retries, lease rechecks) finish the run.
    await waitFor(async () => ((await succeeded()) === 300 ? true : undefined), { what: 'every charge settled', timeoutMs: bound.charges * 1000 + 30_000 });
    const chargesSettledIn = (Date.now() - killedAt) / 1000;
    await waitFor(
      async () => {
        const [row] = await app.ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(mails).where(and(eq(mails.template, 'billing-period-paid'), inArray(mails.status, ['sent', 'kept']), sql`${mails.toAddress} like 'survivor.%'`));
        return row!.count === 300 ? true : undefined;
      },
      { what: 'every receipt delivered', timeoutMs: bound.mails * 1000 + 30_000 },
    );
    const mailsSettledIn = (Date.now() - killedAt) / 1000;
    expect(chargesSettledIn).toBeLessThanOrEqual(bound.charges);
    expect(mailsSettledIn).toBeLessThanOrEqual(bound.mails);

    // Each member charged once at the gateway, every request with the first attempt's key.
    const gateway = await gatewayPaymentsBySubscription(ids);
    expect([...gateway.values()].filter((count) => count !== 1)).toEqual([]);
    const keys = await app.ctx.database.db.select({ key: localGatewayIntents.idempotencyKey }).from(localGatewayIntents).where(sql`${localGatewayIntents.idempotencyKey} like 'sub:%:period:2031-03-01:%'`);
    expect(keys.filter(({ key }) => !key.endsWith(':1'))).toEqual([]);
  });
});
