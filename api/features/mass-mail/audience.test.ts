import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfTokyoDay, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { DEMO_ADMIN } from '../../db/demo-accounts.ts';
import { adminBrowser } from '../../../tests/support/admin.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/** The mass-mail audience (product decision 9), filter by filter, through POST /api/v2/admin/mail/preview. */
const app = useTestApp();
let admin: TestBrowser;
let today: string;
const daysAgo = (days: number) => new Date(startOfTokyoDay(Temporal.PlainDate.from(today).subtract({ days }).toString()).getTime() + 10 * 3600_000);

beforeAll(async () => {
  today = tokyoToday(app.ctx.clock.now());
  const db = app.ctx.database.db;
  admin = await adminBrowser(app);
  await seedMember(db, { email: 'kids4.new@example.jp', createdAt: daysAgo(10), plans: [{ kind: 'normal', productId: 'lessons-4' }] });
  await seedMember(db, { email: 'adult8.2m@example.jp', createdAt: daysAgo(60), plans: [{ kind: 'normal', productId: 'lessons-8' }] });
  await seedMember(db, { email: 'esatj30.4m@example.jp', createdAt: daysAgo(120), plans: [{ kind: 'esatj', productId: 'lessons-30' }] });
  await seedMember(db, { email: 'noplan.8m@example.jp', createdAt: daysAgo(240) });
  await seedMember(db, { email: 'adult60.noconsent@example.jp', createdAt: daysAgo(10), eventMail: false, plans: [{ kind: 'normal', productId: 'lessons-60' }] });
  await seedMember(db, { email: 'tester@example.jp', createdAt: daysAgo(10), isTest: true, plans: [{ kind: 'normal', productId: 'lessons-4' }] });
  await seedMember(db, { email: 'ended4@example.jp', createdAt: daysAgo(10), plans: [{ kind: 'normal', productId: 'lessons-4', status: 'ended' }] });
  await seedMember(db, { email: 'staff@example.jp', createdAt: daysAgo(10), role: 'staff' });
});

const range = (fromDays: number, toDays: number) => `${Temporal.PlainDate.from(today).subtract({ days: fromDays })}~${Temporal.PlainDate.from(today).subtract({ days: toDays })}`;

// Each row: the filters, then who matches (consent aside) and who receives (matching and consenting).
const rows: [name: string, filters: () => Record<string, unknown>, matching: string[], recipients: string[]][] = [
  ['selectList all', () => ({ selectList: 'all' }), ['kids4.new', 'adult8.2m', 'esatj30.4m', 'noplan.8m', 'adult60.noconsent', 'ended4'], ['kids4.new', 'adult8.2m', 'esatj30.4m', 'noplan.8m', 'ended4']],
  ['selectList normal', () => ({ selectList: 'normal' }), ['kids4.new', 'adult8.2m', 'adult60.noconsent'], ['kids4.new', 'adult8.2m']],
  ['selectList esatj', () => ({ selectList: 'esatj' }), ['esatj30.4m'], ['esatj30.4m']],
  ['selectList test', () => ({ selectList: 'test' }), ['tester'], ['tester']],
  ['date range: the last 30 days', () => ({ selectList: 'all', dateRangeText: range(30, 0) }), ['kids4.new', 'adult60.noconsent', 'ended4'], ['kids4.new', 'ended4']],
  ['date range: 100 to 200 days ago', () => ({ selectList: 'all', dateRangeText: range(200, 100) }), ['esatj30.4m'], ['esatj30.4m']],
  ['duration 1: under a month', () => ({ selectDuration: '1' }), ['kids4.new', 'adult60.noconsent', 'ended4'], ['kids4.new', 'ended4']],
  ['duration 3: one to three months', () => ({ selectDuration: '3' }), ['adult8.2m'], ['adult8.2m']],
  ['duration 6: three to six months', () => ({ selectDuration: '6' }), ['esatj30.4m'], ['esatj30.4m']],
  ['duration over: six months or more', () => ({ selectDuration: 'over' }), ['noplan.8m'], ['noplan.8m']],
  ['4 lessons a month (a live plan)', () => ({ selectNumber: '4' }), ['kids4.new'], ['kids4.new']],
  ['8 lessons a month', () => ({ selectNumber: '8' }), ['adult8.2m'], ['adult8.2m']],
  ['30 lessons a month', () => ({ selectNumber: 30 }), ['esatj30.4m'], ['esatj30.4m']],
  ['60 lessons a month', () => ({ selectNumber: '60' }), ['adult60.noconsent'], []],
  ['eventCheck', () => ({ selectList: 'normal', eventCheck: true }), ['kids4.new', 'adult8.2m'], ['kids4.new', 'adult8.2m']],
  ['combined: normal, under a month, 4 lessons', () => ({ selectList: 'normal', selectDuration: '1', selectNumber: '4' }), ['kids4.new'], ['kids4.new']],
];

const addresses = (tags: string[]) => tags.map((tag) => `${tag}@example.jp`).sort();

describe('mass mail audience (product decision 9)', () => {
  it.each(rows)('%s', async (_name, filters, matching, recipients) => {
    const response = await admin.post('/api/v2/admin/mail/preview', filters());
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { recipients: number; matching: number; sample: string[] } };
    expect({ matching: data.matching, recipients: data.recipients }).toEqual({ matching: matching.length, recipients: recipients.length });
    expect(data.sample).toEqual(addresses(recipients).slice(0, 5));
  });

  it('mailTest: the signed-in admin alone', async () => {
    const response = await admin.post('/api/v2/admin/mail/preview', { selectList: 'all', mailTest: true });
    const { data } = (await response.json()) as { data: { recipients: number; sample: string[] } };
    expect(data).toMatchObject({ recipients: 1, sample: [DEMO_ADMIN.email] });
  });

  it.each([
    ['a date range the wrong way round', () => ({ dateRangeText: range(0, 30) }), 'invalidDateRange'],
    ['a date range not in the format', () => ({ dateRangeText: '2026/01/01-2026/02/01' }), 'invalidDateRange'],
    ['an unknown list', () => ({ selectList: 'everyone' }), 'badRequest'],
    ['an unknown duration', () => ({ selectDuration: '12' }), 'badRequest'],
    ['an unknown lesson count', () => ({ selectNumber: '5' }), 'badRequest'],
  ])('refuses %s', async (_name, filters, code) => {
    const response = await admin.post('/api/v2/admin/mail/preview', filters());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', code });
  });
});
