import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser } from '../../../tests/support/browser.ts';
import { addAddress, cardToken, memberWithAddress, memberWithCard, newMember, saveCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { cards, localGatewayPaymentMethods } from '../../db/schema/index.ts';

const app = useTestApp();

describe('the card', () => {
  it('is null before one is saved, then shows holder, last four digits, MM/YY and brand', async () => {
    const browser = await newMember(app);
    expect(await (await browser.get('/api/v2/card')).json()).toEqual({ status: 'success', data: null });
    await addAddress(browser);
    const saved = await saveCard(browser, TEST_CARDS.succeeds);
    expect(saved.status).toBe(200);
    const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
    expect((await (await browser.get('/api/v2/card')).json()).data).toEqual({ card_name: 'HANAKO YAMADA', card_number: '4242', card_exp: `12/${year}`, card_brand: 'visa' });
  });

  it('keeps only the last four digits, even at the local gateway', async () => {
    const browser = await newMember(app);
    const id = await cardToken(browser, '5555555555554444');
    const [method] = await app.ctx.database.db.select().from(localGatewayPaymentMethods).where(eq(localGatewayPaymentMethods.id, id));
    expect(JSON.stringify(method)).not.toContain('5555555555554444');
    expect(method).toMatchObject({ last4: '4444', brand: 'mastercard' });
  });

  it('is refused by the bank for the declined test card: cardRegistrationError', async () => {
    const browser = await memberWithAddress(app);
    const response = await saveCard(browser, TEST_CARDS.declined);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 'error', code: 'cardRegistrationError' });
    expect((await (await browser.get('/api/v2/card')).json()).data).toBeNull();
  });

  it.each([
    ['an invalid number', { number: '4242424242424241', exp_month: 12, exp_year: 2099, cvc: '123' }],
    ['a past expiry', { number: TEST_CARDS.succeeds, exp_month: 1, exp_year: 2020, cvc: '123' }],
    ['a short security code', { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: 2099, cvc: '12' }],
  ])('is not tokenised with %s', async (_case, card) => {
    const response = await createBrowser(app).post('/api/v2/local-gateway/payment-methods', card);
    expect([400, 422]).toContain(response.status);
  });

  it('needs a selected address first, and a holder name', async () => {
    const browser = await newMember(app);
    const token = await cardToken(browser, TEST_CARDS.succeeds);
    expect(await (await browser.post('/api/v2/card', { token, name: 'HANAKO YAMADA' })).json()).toEqual({ status: 'error', code: 'addressRequired' });
    await addAddress(browser);
    const noName = await browser.post('/api/v2/card', { token, name: ' ' });
    expect((await noName.json()).issues).toEqual([{ path: 'name', code: 'thisFieldIsRequired' }]);
    const notRomaji = await browser.post('/api/v2/card', { token, name: '山田 花子' });
    expect((await notRomaji.json()).issues).toEqual([{ path: 'name', code: 'invalidRomanizedName' }]);
    // Full-width letters are taken as typed on a Japanese keyboard, and kept half-width.
    const fullWidth = await browser.post('/api/v2/card', { token, name: '　ＨＡＮＡＫＯ　ＹＡＭＡＤＡ ' });
    expect((await fullWidth.json()).data).toMatchObject({ card_name: 'HANAKO YAMADA' });
  });

  it('replaces the card, keeping the same customer at the gateway', async () => {
    const browser = await memberWithCard(app);
    const customers = async () => (await app.ctx.database.db.select({ customerId: cards.customerId, last4: cards.last4 }).from(cards)).map((c) => c.customerId).sort();
    const before = await customers();
    const response = await saveCard(browser, '378282246310005');
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ card_number: '0005', card_brand: 'amex' });
    expect(await customers()).toEqual(before);
  });

  it('is private: a visitor gets 401', async () => {
    expect((await createBrowser(app).get('/api/v2/card')).status).toBe(401);
  });
});
