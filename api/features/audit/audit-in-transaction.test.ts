import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';
import { accounts, adminTotp, announcements, stepMails, supportTickets } from '../../db/schema/index.ts';
import { createBrowser } from '../../../tests/support/browser.ts';

/**
 * Admin actions and their audit entries commit together (product decision 24, issue 23): an action never
 * succeeds without its entry, and an entry never says "success" for an action that did not happen.
 */
const app = useTestApp();
const db = () => app.ctx.database.db;
let admin: TestBrowser;

beforeAll(async () => {
  admin = await adminBrowser(app);
  // The audit log refuses the success entries of the actions listed here (as a full disk or a broken
  // audit table would).
  await db().execute(sql`create table audit_failures (action text primary key)`);
  await db().execute(sql.raw(`create function refuse_listed_audit() returns trigger language plpgsql as $$
    begin
      if new.outcome = 'success' and exists (select 1 from audit_failures where action = new.action) then
        raise exception 'audit log unavailable';
      end if;
      return new;
    end $$`));
  await db().execute(sql`create trigger refuse_listed_audit before insert on audit_log for each row execute function refuse_listed_audit()`);
});
afterAll(async () => {
  await db().execute(sql`drop trigger if exists refuse_listed_audit on audit_log`);
});

const account = (suffix: string, firstName = '花子') => ({
  email: `made-${suffix}@example.jp`,
  password: 'kanri2026x',
  firstName,
  lastName: '山田',
  birthday: '199004',
  stage: 'live',
});

describe('an admin action and its audit entry commit together', () => {
  it('a name with a lone surrogate makes the account and its entry, never a 500 after the commit', async () => {
    const input = account('surrogate', '花\ud800子');
    const response = await admin.post('/api/v2/admin/accounts', input);
    // Either refused at the boundary or made with its entry: never made without one.
    const [made] = await db().select().from(accounts).where(eq(accounts.email, input.email));
    const [entry] = await latestAuditEntries(app, 1, 'accountCreate');
    if (response.status === 200) {
      expect(made).toBeDefined();
      expect(entry).toMatchObject({ outcome: 'success', targetId: made!.id });
      expect((entry!.after as { firstName: string }).firstName).toBe('花\ufffd子');
    } else {
      expect(response.status).toBe(400);
      expect(made).toBeUndefined();
      expect(entry?.outcome).not.toBe('success');
    }
  });

  it.each([
    ['accountCreate', () => admin.post('/api/v2/admin/accounts', account('audit-down')), async () => db().select().from(accounts).where(eq(accounts.email, 'made-audit-down@example.jp'))],
    ['announcementCreate', () => admin.post('/api/v2/admin/announcements', { title: '監査停止中のお知らせ', description: '本文', is_visible: true, need_send_mail: false }), async () => db().select().from(announcements).where(eq(announcements.title, '監査停止中のお知らせ'))],
    ['stepMailCreate', () => admin.post('/api/v2/admin/step-mails', { title: '監査停止中のステップ', content: '<p>本文</p>', date: 3, time: '10:00' }), async () => db().select().from(stepMails).where(eq(stepMails.title, '監査停止中のステップ'))],
  ] as const)('%s: when the entry cannot be written the action is rolled back, and no success is recorded', async (action, act, rows) => {
    await db().execute(sql`insert into audit_failures (action) values (${action})`);
    const response = await act();
    expect(response.status).toBe(500);
    expect(await rows()).toEqual([]);
    const [entry] = await latestAuditEntries(app, 1, action);
    expect(entry).toMatchObject({ outcome: 'failure' });
    await db().execute(sql`delete from audit_failures where action = ${action}`);
    // With the log back, the same action succeeds with its entry.
    expect((await act()).status).toBe(200);
    expect(await rows()).toHaveLength(1);
    expect((await latestAuditEntries(app, 1, action))[0]).toMatchObject({ outcome: 'success' });
  });

  /** A change to an existing record: its state before, the change refused with the log down, then made. */
  const changes: [string, () => Promise<{ act: () => Promise<Response>; state: () => Promise<unknown> }>][] = [
    [
      'announcementUpdate',
      async () => {
        await admin.post('/api/v2/admin/announcements', { title: '改訂前のお知らせ', description: '本文', is_visible: true, need_send_mail: false });
        const [row] = await db().select().from(announcements).where(eq(announcements.title, '改訂前のお知らせ'));
        return {
          act: () => admin.request(`/api/v2/admin/announcements/${row!.id}`, { method: 'PUT', json: { title: '改訂後のお知らせ', description: '本文', is_visible: true, need_send_mail: false } }),
          state: async () => (await db().select().from(announcements).where(eq(announcements.id, row!.id)))[0]!.title,
        };
      },
    ],
    [
      'stepMailDelete',
      async () => {
        await admin.post('/api/v2/admin/step-mails', { title: '削除するステップ', content: '<p>本文</p>', date: 5, time: '09:00' });
        const [row] = await db().select().from(stepMails).where(eq(stepMails.title, '削除するステップ'));
        return {
          act: () => admin.request('/api/v2/admin/step-mails', { method: 'DELETE', json: { num: row!.num } }),
          state: async () => (await db().select().from(stepMails).where(eq(stepMails.num, row!.num))).length,
        };
      },
    ],
    [
      'supportTicketStatus',
      async () => {
        const sent = await createBrowser(app).post('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email: 'asks@example.jp', category: 'お支払いについて', title: '請求内容の確認', contents: '確認したいです。' });
        const { ticketId } = ((await sent.json()) as { data: { ticketId: string } }).data;
        return {
          act: () => admin.request(`/api/v2/admin/support-tickets/${ticketId}`, { method: 'PUT', json: { status: 'resolved' } }),
          state: async () => (await db().select().from(supportTickets).where(eq(supportTickets.id, ticketId)))[0]!.status,
        };
      },
    ],
    [
      'twoFactorSetup',
      async () => {
        const [me] = await db().select().from(accounts).where(eq(accounts.email, DEMO_ADMIN.email));
        return {
          act: () => admin.post('/api/v2/admin/two-factor/setup'),
          state: async () => (await db().select().from(adminTotp).where(eq(adminTotp.accountId, me!.id))).length,
        };
      },
    ],
  ];

  it.each(changes)('%s: the change is rolled back when its entry cannot be written, and made with it otherwise', async (action, prepare) => {
    const { act, state } = await prepare();
    const before = await state();
    await db().execute(sql`insert into audit_failures (action) values (${action})`);
    expect((await act()).status).toBe(500);
    expect(await state()).toEqual(before);
    expect((await latestAuditEntries(app, 1, action))[0]).toMatchObject({ outcome: 'failure' });
    await db().execute(sql`delete from audit_failures where action = ${action}`);
    expect((await act()).status).toBe(200);
    expect(await state()).not.toEqual(before);
    expect((await latestAuditEntries(app, 1, action))[0]).toMatchObject({ outcome: 'success' });
  });
});
