import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { IsoDate } from '../../../src/domain/billing/dates.ts';
import { audienceSchema } from '../../../src/domain/mail/audience.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database.ts';
import { accounts } from '../../db/schema/index.ts';
import { audienceWhere } from './queries.ts';

/**
 * The mass-mail audience rule (product decision 9, docs/decisions/0028) as a table. The rule has one
 * home, the SQL of audienceWhere that the preview and the send run; there is no TypeScript copy to
 * drift from it. Each row is a member and the filters: the member is written to a fresh database
 * twice, signing up in the first and in the last minute of the row's Japan date (so a sign-up date read
 * in UTC fails a row), and the SQL must pick both or neither, as the row says.
 */
const today: IsoDate = '2026-11-23';

interface Member {
  role: 'member' | 'staff' | 'admin';
  isTest: boolean;
  eventMail: boolean;
  /** Sign-up date in Japan. */
  signedUpOn: IsoDate;
  plans: { kind: 'normal' | 'esatj'; lessons: number; ended?: boolean }[];
}
const member = (overrides: Partial<Member> = {}): Member => ({ role: 'member', isTest: false, eventMail: true, signedUpOn: '2026-11-10', plans: [], ...overrides });

const rows: [name: string, filters: Record<string, unknown>, who: Member, picked: boolean][] = [
  ['all takes a member without a plan', {}, member(), true],
  ['all leaves out test accounts', {}, member({ isTest: true }), false],
  ['all leaves out staff', {}, member({ role: 'staff' }), false],
  ['all leaves out admins', {}, member({ role: 'admin' }), false],
  ['test takes only test accounts', { selectList: 'test' }, member({ isTest: true }), true],
  ['test leaves out a member who is not a test account', { selectList: 'test' }, member(), false],
  ['normal takes a live kids/adult plan', { selectList: 'normal' }, member({ plans: [{ kind: 'normal', lessons: 4 }] }), true],
  ['normal needs a live kids/adult plan', { selectList: 'normal' }, member({ plans: [{ kind: 'esatj', lessons: 4 }] }), false],
  ['normal leaves out an ended plan', { selectList: 'normal' }, member({ plans: [{ kind: 'normal', lessons: 4, ended: true }] }), false],
  ['esatj takes an ESAT-J plan', { selectList: 'esatj' }, member({ plans: [{ kind: 'esatj', lessons: 4 }] }), true],
  ['esatj leaves out a kids/adult plan', { selectList: 'esatj' }, member({ plans: [{ kind: 'normal', lessons: 4 }] }), false],
  ['date range includes its first day', { dateRangeText: '2026-11-10~2026-11-20' }, member(), true],
  ['date range includes its last day', { dateRangeText: '2026-11-01~2026-11-10' }, member(), true],
  ['date range leaves out the day after', { dateRangeText: '2026-11-01~2026-11-09' }, member(), false],
  ['date range leaves out the day before', { dateRangeText: '2026-11-11~2026-11-20' }, member(), false],
  ['duration 1: under a month', { selectDuration: '1' }, member({ signedUpOn: '2026-10-24' }), true],
  ['duration 1: a month to the day is not under a month', { selectDuration: '1' }, member({ signedUpOn: '2026-10-23' }), false],
  ['duration 3: a month to the day', { selectDuration: '3' }, member({ signedUpOn: '2026-10-23' }), true],
  ['duration 3: three months to the day', { selectDuration: '3' }, member({ signedUpOn: '2026-08-23' }), false],
  ['duration 6: three months to the day', { selectDuration: '6' }, member({ signedUpOn: '2026-08-23' }), true],
  ['duration 6: under three months', { selectDuration: '6' }, member({ signedUpOn: '2026-08-24' }), false],
  ['duration over: six months to the day', { selectDuration: 'over' }, member({ signedUpOn: '2026-05-23' }), true],
  ['duration over: under six months', { selectDuration: 'over' }, member({ signedUpOn: '2026-05-24' }), false],
  ['lessons: a plan with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'normal', lessons: 8 }] }), true],
  ['lessons: a number as well as a string', { selectNumber: 30 }, member({ plans: [{ kind: 'esatj', lessons: 30 }] }), true],
  ['lessons: one of two plans with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'esatj', lessons: 4 }, { kind: 'normal', lessons: 8 }] }), true],
  ['lessons: none with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'normal', lessons: 4 }] }), false],
  ['lessons: an ended plan with that many', { selectNumber: '8' }, member({ plans: [{ kind: 'normal', lessons: 8, ended: true }] }), false],
  ['eventCheck takes a member with consent', { eventCheck: true }, member(), true],
  ['eventCheck leaves out a member without consent', { eventCheck: true }, member({ eventMail: false }), false],
  ['without eventCheck a member without consent matches', {}, member({ eventMail: false }), true],
  ['combined: normal, under a month, 4 lessons', { selectList: 'normal', selectDuration: '1', selectNumber: '4' }, member({ plans: [{ kind: 'normal', lessons: 4 }] }), true],
  ['combined: normal, under a month, 4 lessons, but signed up two months ago', { selectList: 'normal', selectDuration: '1', selectNumber: '4' }, member({ signedUpOn: '2026-09-20', plans: [{ kind: 'normal', lessons: 4 }] }), false],
];

/** The first and the last minute of a Japan date. */
const signUpTimes = (day: IsoDate) => [new Date(`${day}T00:00:00+09:00`), new Date(`${day}T23:59:00+09:00`)];

let database: TestDatabase;
/** Each row's two accounts, in row order. */
const accountIds: string[][] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabase'));
  for (const [index, [, , who]] of rows.entries()) {
    const ids: string[] = [];
    for (const [at, createdAt] of signUpTimes(who.signedUpOn).entries()) {
      const plans = who.plans.map((plan) => ({ kind: plan.kind, productId: `lessons-${plan.lessons}`, status: plan.ended ? 'ended' : 'active' }));
      ids.push(await seedMember(database.db, { email: `row${index}.${at}@example.jp`, createdAt, role: who.role, isTest: who.isTest, eventMail: who.eventMail, plans }));
    }
    accountIds.push(ids);
  }
});
afterAll(async () => {
  await database?.drop();
});

/** Whether the SQL picks each of the accounts. */
async function picks(filters: Record<string, unknown>, ids: string[], consentingOnly: boolean): Promise<boolean[]> {
  const where = audienceWhere(v.parse(audienceSchema, filters), today, { consentingOnly });
  const answers: boolean[] = [];
  for (const id of ids) {
    const found = await database.db.select({ id: accounts.id }).from(accounts).where(and(where, eq(accounts.id, id)));
    answers.push(found.length === 1);
  }
  return answers;
}

describe('the mass-mail audience rule, as the SQL of the preview and the send runs it (product decision 9)', () => {
  it.each(rows.map((row, index) => [...row, index] as const))('%s', async (_name, filters, who, picked, index) => {
    const ids = accountIds[index]!;
    // Matching: the filters alone (the preview's "matching" count).
    expect(await picks(filters, ids, false)).toEqual([picked, picked]);
    // Recipients: the send keeps to members who accept event mail, whatever eventCheck says (product decision 19).
    expect(await picks(filters, ids, true)).toEqual([picked && who.eventMail, picked && who.eventMail]);
  });
});
