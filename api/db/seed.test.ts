import { describe, expect, it } from 'vitest';
import { createBrowser } from '../../tests/support/browser.ts';
import { useTestApp } from '../../tests/support/test-app.ts';
import { seedAccounts } from './seed.ts';

const app = useTestApp();

describe('seeded accounts', () => {
  it('makes a "signed up" seed a real member: address, card, order, lesson account', async () => {
    const email = 'seeded.member@example.jp';
    expect(await seedAccounts(app.ctx, [{ email, password: 'eigo2026', firstName: '太郎', lastName: '試験', birthday: '199001', signedUp: { romanizedLastName: 'Shiken', romanizedFirstName: 'Taro' } }])).toEqual([email]);
    const browser = createBrowser(app);
    expect((await browser.post('/api/auth/signin', { email, password: 'eigo2026' })).status).toBe(200);

    const session = await (await browser.get('/api/auth/session')).json();
    expect(session.data).toMatchObject({ isSignedUp: true, hasCard: true });
    const card = await (await browser.get('/api/v2/card')).json();
    expect(card.data).toMatchObject({ card_name: 'TARO SHIKEN', card_number: '4242', card_brand: 'visa' });
    const book = await (await browser.get('/api/v2/addresses')).json();
    expect(book.selected_address).toMatchObject({ address_zip: '150-0002' });
    const userdata = await (await browser.get('/api/v2/userdata')).json();
    expect(userdata.data).toEqual([expect.objectContaining({ plan: 'ベーシックプラン 12か月 月4回', kind: 'normal', kimini: { id: expect.stringMatching(/^KM\d{8}$/) } })]);
  });

  it('leaves an account that is not signed up without card or order, and creates nobody twice', async () => {
    const email = 'seeded.visitor@example.jp';
    const seed = { email, password: 'eigo2026', firstName: '花子', lastName: '試験', birthday: '199001' };
    expect(await seedAccounts(app.ctx, [seed])).toEqual([email]);
    expect(await seedAccounts(app.ctx, [seed])).toEqual([]);
    const browser = createBrowser(app);
    await browser.post('/api/auth/signin', { email, password: 'eigo2026' });
    const session = await (await browser.get('/api/auth/session')).json();
    expect(session.data).toMatchObject({ isSignedUp: false, hasCard: false });
  });
});
