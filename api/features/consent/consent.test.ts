import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, consentEvents } from '../../db/schema/index.ts';
import { newMember } from '../../../tests/support/factories.ts';
import { uniqueEmail } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { queueAdvertisingMail } from '../mail/advertising.ts';
import { setEventMailConsent } from './service.ts';

const app = useTestApp();

async function newMemberId(): Promise<string> {
  const email = uniqueEmail();
  await newMember(app, { email });
  const [row] = await app.ctx.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return row!.id;
}

const events = (accountId: string) =>
  app.ctx.database.db.select().from(consentEvents).where(eq(consentEvents.accountId, accountId)).orderBy(consentEvents.at);
const eventMailOf = async (accountId: string) => (await app.ctx.database.db.select({ eventMail: accounts.eventMail }).from(accounts).where(eq(accounts.id, accountId)))[0]!.eventMail;

describe('event-mail consent (product decision 19)', () => {
  it('starts without consent (opt-in)', async () => {
    const id = await newMemberId();
    expect(await eventMailOf(id)).toBe(false);
    expect(await events(id)).toEqual([]);
  });

  it('records every grant and withdrawal with time and source, and nothing when the choice stays', async () => {
    const id = await newMemberId();
    expect(await setEventMailConsent(app.ctx, { accountId: id, granted: true, source: 'profile', ip: '192.0.2.1' })).toBe(true);
    expect(await setEventMailConsent(app.ctx, { accountId: id, granted: true, source: 'profile' })).toBe(false);
    expect(await setEventMailConsent(app.ctx, { accountId: id, granted: false, source: 'unsubscribe' })).toBe(true);
    expect(await eventMailOf(id)).toBe(false);
    expect((await events(id)).map(({ granted, source, ip, purpose }) => ({ granted, source, ip, purpose }))).toEqual([
      { granted: true, source: 'profile', ip: '192.0.2.1', purpose: 'eventMail' },
      { granted: false, source: 'unsubscribe', ip: null, purpose: 'eventMail' },
    ]);
  });
});

describe('queueAdvertisingMail', () => {
  it('queues mail only for the accounts that accept it, whatever the caller asked', async () => {
    const yes = await newMemberId();
    const no = await newMemberId();
    await setEventMailConsent(app.ctx, { accountId: yes, granted: true, source: 'profile' });
    const queued = await queueAdvertisingMail(app.ctx, {
      template: 'test',
      accountIds: [yes, no],
      render: (recipient) => ({ subject: `${recipient.lastName}様`, text: 'text', html: '<p>html</p>' }),
    });
    expect(queued).toEqual([{ accountId: yes, mailId: expect.any(String) }]);
    expect(await queueAdvertisingMail(app.ctx, { template: 'test', accountIds: [], render: () => ({ subject: '', text: '', html: '' }) })).toEqual([]);
  });
});
