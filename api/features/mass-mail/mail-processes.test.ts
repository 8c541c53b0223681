import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { startServerProcess, type ServerProcess } from '../../../tests/support/processes.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { mails, massMailRecipients, massMails, stepMails } from '../../db/schema/index.ts';
import { audienceWhere, insertMassMail, insertRecipients } from './queries.ts';

/**
 * Mass mail and step mails with several server processes on one PostgreSQL: each member gets each
 * mail once, also when a process is killed in the middle of a send and others take over.
 * PostgreSQL only: PGlite lives inside one process.
 */
const app = useTestApp();
const db = () => app.ctx.database.db;
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: app.ctx.database.url!, JOBS_SUPERVISE_SECONDS: '2', ...extra });
  running.push(server);
  return server;
}

async function seedMembers(tag: string, count: number, completedAt: Date): Promise<void> {
  await db().execute(sql`
    insert into accounts (email, password_hash, first_name, last_name, birthday, event_mail)
    select ${tag} || '.' || i || '@example.jp', 'not-a-hash', '花子', '山田', '199001', true from generate_series(1, ${count}) as i`);
  await db().execute(sql`
    insert into orders (account_id, kind, status, idempotency_key, product_id, option_id, contract_month, plan_name, package_type, monthly_price, total_price, completed_at)
    select a.id, 'normal', 'completed', 'seed-' || a.id, 'lessons-4', 'ME_Plan_1', 1, 'プラン', 'original', 4620, 4620, ${completedAt.toISOString()}::timestamptz
    from accounts a where a.email like ${`${tag}.%`}`);
}

describe.skipIf(!process.env.DATABASE_URL)('mail across server processes', () => {
  it('a mass mail: the process sending it is killed, two others finish it, each member mailed once', { timeout: 180_000 }, async () => {
    await seedMembers('mass', 400, new Date());
    const massMail = await insertMassMail(db(), { title: '一斉', html: '<p>一斉</p>', text: '一斉', filters: {}, createdAt: new Date() });
    const where = and(audienceWhere({ selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: false }, '2026-01-01', { consentingOnly: true }), sql`accounts.email like 'mass.%'`)!;
    expect(await insertRecipients(db(), massMail.id, where)).toBe(400);
    // 3,000 a minute: 50 a second; the first process picks the mass mail up on start.
    const first = await start({ MAIL_RATE_PER_MINUTE: '3000' });
    await waitFor(
      async () => {
        const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(massMailRecipients).where(and(eq(massMailRecipients.massMailId, massMail.id), eq(massMailRecipients.status, 'queued')));
        return row!.n >= 100 ? row!.n : undefined;
      },
      { what: 'part of the send', timeoutMs: 60_000 },
    );
    await first.kill();
    await Promise.all([start({ MAIL_RATE_PER_MINUTE: '60000' }), start({ MAIL_RATE_PER_MINUTE: '60000' })]);
    await waitFor(async () => ((await db().select().from(massMails).where(eq(massMails.id, massMail.id)))[0]?.status === 'done' ? true : undefined), { what: 'the send to finish', timeoutMs: 90_000 });
    const rows = await db().select().from(massMailRecipients).where(eq(massMailRecipients.massMailId, massMail.id));
    expect(rows.filter((row) => row.status !== 'queued')).toEqual([]);
    const sent = await db().select({ to: mails.toAddress }).from(mails).where(eq(mails.subject, '【Musio English】一斉'));
    expect(sent).toHaveLength(400);
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(400);
  });

  it('step mails: two processes run the same due tick at once, each member gets the step once', { timeout: 180_000 }, async () => {
    const now = app.ctx.clock.now();
    await seedMembers('drip', 300, now);
    await db().insert(stepMails).values({ title: '二日目', content: '<p>二日目</p>', date: 2, time: '10:00', createdAt: now, updatedAt: now });
    const [a, b] = [await start(), await start()];
    const to = `${addDays(tokyoToday(now), 2)}T10:30:00+09:00`;
    const move = (server: ServerProcess) => fetch(`${server.url}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to }) });
    const replies = await Promise.all([move(a), move(b)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const sent = await db().select({ to: mails.toAddress }).from(mails).where(and(eq(mails.template, 'step-mail'), inArray(mails.toAddress, Array.from({ length: 300 }, (_, i) => `drip.${i + 1}@example.jp`))));
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(300);
  });
});
