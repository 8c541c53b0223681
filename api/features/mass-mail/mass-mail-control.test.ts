import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import { startServerProcess, type ServerProcess } from '../../../tests/support/processes.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';
import { mails, massMailRecipients, massMails } from '../../db/schema/index.ts';
import { audienceWhere, insertMassMail, insertRecipients } from './queries.ts';
import { fanOutBatch } from './service.ts';

/**
 * Mass mail later, paused, resumed, cancelled (product decision 34): whatever happens, each member
 * gets a mass mail at most once, and every member still to be mailed gets it after a resume.
 */
const app = useTestApp();
const db = () => app.ctx.database.db;
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

async function seedMembers(tag: string, count: number): Promise<void> {
  await db().execute(sql`
    insert into accounts (email, password_hash, first_name, last_name, birthday, event_mail)
    select ${tag} || '.' || i || '@example.jp', 'not-a-hash', '花子', '山田', '199001', true from generate_series(1, ${count}) as i`);
}

/** A mass mail to the members of one tag, its recipients fixed, sending. */
async function massMailTo(tag: string, title: string) {
  const massMail = await insertMassMail(db(), { title, html: `<p>${title}</p>`, text: title, filters: {}, createdAt: new Date() });
  const where = and(audienceWhere({ selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: false }, '2026-01-01', { consentingOnly: true }), sql`accounts.email like ${`${tag}.%`}`)!;
  await insertRecipients(db(), massMail.id, where);
  return massMail.id;
}

/** How many mails each member got of this mass mail: every count must be 1. */
async function mailsPerMember(massMailId: string): Promise<{ members: number; mails: number; duplicates: number }> {
  const [row] = rowsOf<{ members: number; mails: number; duplicates: number }>(
    await db().execute(sql`
      select count(distinct to_address)::int as members, count(*)::int as mails,
        (select count(*)::int from (select to_address from mails where dedupe_key like ${`mass:${massMailId}:%`} group by to_address having count(*) > 1) d) as duplicates
      from mails where dedupe_key like ${`mass:${massMailId}:%`}`),
  );
  return row!;
}

const statusOf = async (id: string) => (await db().select({ status: massMails.status }).from(massMails).where(eq(massMails.id, id)))[0]?.status;

describe('mass mail later, paused, resumed, cancelled', () => {
  it('a scheduled mass mail waits for its time, can be paused and resumed before it, and then goes out once', async () => {
    await seedMembers('later', 40);
    const owner = await adminBrowser(app);
    const past = await owner.post('/api/v2/admin/mail', { selectList: 'all', mailTitle: '過去', mailHtml: '<p>x</p>', sendAt: '2020-01-01T09:00:00+09:00' });
    expect(past.status).toBe(422);
    expect(await past.json()).toEqual({ status: 'error', code: 'sendAtInPast' });

    const sendAt = new Date(app.ctx.clock.now().getTime() + 86_400_000).toISOString();
    const created = await owner.post('/api/v2/admin/mail', { selectList: 'all', mailTitle: '予約', mailHtml: '<p>予約の一斉メール</p>', sendAt });
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { id: string; recipients: number } };
    expect(await statusOf(data.id)).toBe('scheduled');
    expect((await mailsPerMember(data.id)).mails).toBe(0);

    expect(await (await owner.post(`/api/v2/admin/mail/${data.id}/pause`, {})).json()).toMatchObject({ data: { status: 'paused' } });
    expect(await (await owner.post(`/api/v2/admin/mail/${data.id}/resume`, {})).json()).toMatchObject({ data: { status: 'scheduled' } });
    expect((await latestAuditEntries(app, 1, 'massMailResume'))[0]).toMatchObject({ outcome: 'success', targetId: data.id });

    // The clock passes the time: the due work starts it.
    expect((await app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceDays: 2 }) })).status).toBe(200);
    expect(await statusOf(data.id)).toBe('done');
    expect(await mailsPerMember(data.id)).toEqual({ members: data.recipients, mails: data.recipients, duplicates: 0 });
  });

  it('pause stops the fan-out, resume mails only those not mailed, cancel leaves the rest unmailed; 409 out of turn', async () => {
    await seedMembers('ctl', 300);
    const owner = await adminBrowser(app);
    const id = await massMailTo('ctl', '一時停止');
    expect(await fanOutBatch(app.ctx, id, 100)).toBe(100);
    expect((await owner.post(`/api/v2/admin/mail/${id}/pause`, {})).status).toBe(200);
    expect(await fanOutBatch(app.ctx, id, 100)).toBe('stopped');
    expect((await mailsPerMember(id)).mails).toBe(100);
    const again = await owner.post(`/api/v2/admin/mail/${id}/pause`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 'massMailNotPausable' });
    // Resumed: without a job queue the fan-out runs to the end in the request.
    expect((await owner.post(`/api/v2/admin/mail/${id}/resume`, {})).status).toBe(200);
    expect(await statusOf(id)).toBe('done');
    expect(await mailsPerMember(id)).toEqual({ members: 300, mails: 300, duplicates: 0 });
    expect((await owner.post(`/api/v2/admin/mail/${id}/cancel`, {})).status).toBe(409);

    const cancelled = await massMailTo('ctl', '中止');
    expect(await fanOutBatch(app.ctx, cancelled, 120)).toBe(120);
    expect((await owner.post(`/api/v2/admin/mail/${cancelled}/cancel`, {})).status).toBe(200);
    expect(await fanOutBatch(app.ctx, cancelled, 100)).toBe('stopped');
    expect((await owner.post(`/api/v2/admin/mail/${cancelled}/resume`, {})).status).toBe(409);
    expect(await mailsPerMember(cancelled)).toEqual({ members: 120, mails: 120, duplicates: 0 });
    const pending = await db().select().from(massMailRecipients).where(and(eq(massMailRecipients.massMailId, cancelled), eq(massMailRecipients.status, 'pending')));
    expect(pending).toHaveLength(180);
    expect((await owner.post('/api/v2/admin/mail/00000000-0000-4000-8000-000000000009/pause', {})).status).toBe(404);
  });
});

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

describe.skipIf(!process.env.DATABASE_URL)('20,000 recipients, two server processes', () => {
  it('pause, resume, pause, resume, cancel: each member mailed at most once, none after the pause or the cancel', { timeout: 300_000 }, async () => {
    await seedMembers('big', 20_000);
    await adminBrowser(app);
    const id = await massMailTo('big', '二万通');
    const env = { DATABASE_URL: app.ctx.database.url!, JOBS_SUPERVISE_SECONDS: '2', MAIL_RATE_PER_MINUTE: '60000' };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    running.push(a, b);
    const signIn = await fetch(`${a.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ADMIN.email, password: ADMIN_PASSWORD }) });
    const { token } = (await signIn.json()) as { token: string };
    const control = async (server: ServerProcess, verb: string) => {
      const response = await fetch(`${server.url}/api/v2/admin/mail/${id}/${verb}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(200);
    };
    const mailed = async () => (await mailsPerMember(id)).mails;
    const reach = (count: number) => waitFor(async () => ((await mailed()) >= count ? true : undefined), { what: `${count} mailed`, timeoutMs: 120_000 });

    // Both processes pick it up on start (after a restart, every sending mass mail goes on).
    await reach(2_000);
    await control(a, 'pause');
    const atPause = await mailed();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await mailed()).toBe(atPause);
    await control(b, 'resume');
    await reach(atPause + 4_000);
    await control(b, 'pause');
    const atSecondPause = await mailed();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailed()).toBe(atSecondPause);
    await control(a, 'resume');
    await reach(atSecondPause + 4_000);
    await control(a, 'cancel');
    const atCancel = await mailed();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await mailed()).toBe(atCancel);
    expect(atCancel).toBeLessThan(20_000);

    expect(await statusOf(id)).toBe('cancelled');
    const result = await mailsPerMember(id);
    expect(result).toEqual({ members: atCancel, mails: atCancel, duplicates: 0 });
    const queued = await db().select({ n: sql<number>`count(*)::int` }).from(massMailRecipients).where(and(eq(massMailRecipients.massMailId, id), eq(massMailRecipients.status, 'queued')));
    expect(queued[0]!.n).toBe(atCancel);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(mails).where(sql`${mails.dedupeKey} like ${`mass:${id}:%`} and ${mails.toAddress} not like 'big.%'`)).toEqual([{ n: 0 }]);
  });
});
