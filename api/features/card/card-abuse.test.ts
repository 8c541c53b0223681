import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createBrowser, signUpIn, type TestBrowser } from '../../../tests/support/browser.ts';
import { createPaymentMethod, TEST_CARDS, validAddress } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { cards } from '../../db/schema/index.ts';
import { rateLimitRules } from '../../lib/rate-limit.ts';

const app = useTestApp();

async function memberWithAddress(ip?: string): Promise<TestBrowser> {
  const browser = createBrowser(app, ip ? { ip } : {});
  await signUpIn(browser);
  await browser.post('/api/v2/addresses', validAddress);
  return browser;
}

async function tryCard(browser: TestBrowser, number: string = TEST_CARDS.declined): Promise<number> {
  const token = await createPaymentMethod(browser, number);
  return (await browser.post('/api/v2/card', { token, name: 'HANAKO YAMADA' })).status;
}

describe('card testing: saving cards is throttled', () => {
  it('per member: 30 declined cards in a row, only the first few reach the gateway', async () => {
    const browser = await memberWithAddress();
    const attach = vi.spyOn(app.ctx.payments, 'attachCard');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push(await tryCard(browser));
    const limit = rateLimitRules.cardSavePerAccount.limit;
    expect(statuses.slice(0, limit).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    expect(attach).toHaveBeenCalledTimes(limit);
    attach.mockRestore();
    // The member's good card waits for the window too (the reply carries Retry-After).
    const token = await createPaymentMethod(browser, TEST_CARDS.succeeds);
    const refused = await browser.post('/api/v2/card', { token, name: 'HANAKO YAMADA' });
    expect([refused.status, (await refused.json()).code]).toEqual([429, 'tooManyRequests']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('per address: many members from one address are stopped together', async () => {
    const ip = '198.18.7.7';
    const { limit } = rateLimitRules.cardSavePerIp;
    const perMember = rateLimitRules.cardSavePerAccount.limit;
    const statuses: number[] = [];
    while (statuses.length < limit + 2) {
      const browser = await memberWithAddress(ip);
      for (let i = 0; i < perMember && statuses.length < limit + 2; i += 1) statuses.push(await tryCard(browser));
    }
    expect(statuses.slice(0, limit).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    // Another address is not affected.
    expect(await tryCard(await memberWithAddress('198.18.7.8'), TEST_CARDS.succeeds)).toBe(200);
  });
});

describe('a payment method belongs to the member who saved it', () => {
  it('another member cannot save a card already saved by someone else', async () => {
    const owner = createBrowser(app);
    await signUpIn(owner);
    await owner.post('/api/v2/addresses', validAddress);
    const token = await createPaymentMethod(owner, TEST_CARDS.succeeds);
    expect((await owner.post('/api/v2/card', { token, name: 'HANAKO YAMADA' })).status).toBe(200);

    const thief = await memberWithAddress();
    const stolen = await thief.post('/api/v2/card', { token, name: 'TARO THIEF' });
    expect([stolen.status, (await stolen.json()).code]).toEqual([422, 'cardRegistrationError']);
    expect((await (await thief.get('/api/v2/card')).json()).data).toBeNull();
    // The owner's card still charges the owner's customer only.
    const [ownerCard] = await app.ctx.database.db.select().from(cards).where(eq(cards.paymentMethodId, token));
    expect(ownerCard).toBeDefined();
    expect((await owner.post('/api/v2/card', { token, name: 'HANAKO YAMADA' })).status).toBe(200);
  });

});
