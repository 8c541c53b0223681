import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, consentEvents } from '../../db/schema/index.ts';
import { emailOf, mailsTo } from '../../../tests/support/billing.ts';
import { createBrowser, signUpIn, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { addAddress, ok, saveCard } from '../../../tests/support/factories.ts';
import { orderBody, placeOrder, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();
const PASSWORD = 'eigo2026';

async function member(): Promise<TestBrowser> {
  const browser = createBrowser(app);
  await signUpIn(browser);
  return browser;
}

const profile = async (browser: TestBrowser) => ((await (await browser.get('/api/v2/profile')).json()) as { data: Record<string, unknown> }).data;
const put = (browser: TestBrowser, json: unknown) => browser.request('/api/v2/profile', { method: 'PUT', json });
const edit = { lastName: '佐藤', firstName: '太郎', birthday: '198805', eventMail: true };

function emailToken(text: string): string {
  const token = /\/email-change#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no link in the mail');
  return token;
}

describe('GET and PUT /api/v2/profile', () => {
  it('answers the contract fields and saves names, birthday and the event-mail choice, recording consent with time and source', async () => {
    const browser = await member();
    const email = await emailOf(browser);
    expect(await profile(browser)).toEqual({ lastName: '山田', firstName: '花子', email, birthday: '201204', eventMail: false, pendingEmail: null });
    const saved = await put(browser, edit);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: unknown }).data).toMatchObject(edit);
    expect(await (await put(browser, { ...edit, eventMail: false })).json()).toMatchObject({ data: { eventMail: false } });
    const [account] = await app.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    const events = await app.ctx.database.db.select().from(consentEvents).where(eq(consentEvents.accountId, account!.id)).orderBy(consentEvents.at);
    expect(events.map((event) => [event.granted, event.source])).toEqual([
      [true, 'profile'],
      [false, 'profile'],
    ]);
    expect(events[0]!.at).toBeInstanceOf(Date);
    expect(events[0]!.ip).toBeTruthy();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing last name', { lastName: '' }, 'thisFieldIsRequired'],
    ['a birthday not YYYYMM', { birthday: '1988-05' }, 'invalidBirthday'],
    ['a thirteenth month', { birthday: '198813' }, 'invalidBirthday'],
    ['an event-mail choice that is not a boolean', { eventMail: 'yes' }, 'badRequest'],
  ])('refuses %s (400 %s)', async (_name, change, code) => {
    const response = await put(await member(), { ...edit, ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  });

  it('needs a session (401) and a same-origin page (403)', async () => {
    expect((await createBrowser(app).get('/api/v2/profile')).status).toBe(401);
    const browser = await member();
    const crossSite = createBrowser(app, { site: 'cross-site' });
    for (const [name, value] of browser.cookies) crossSite.cookies.set(name, value);
    expect((await crossSite.request('/api/v2/profile', { method: 'PUT', json: edit })).status).toBe(403);
    expect((await crossSite.post('/api/v2/profile/email', { email: uniqueEmail(), password: PASSWORD })).status).toBe(403);
    expect((await crossSite.post('/api/v2/profile/deletion', { password: PASSWORD })).status).toBe(403);
  });
});

describe('changing the email', () => {
  it('mails a link to the new address and tells the old one; the change applies when the link is opened, once', async () => {
    const browser = await member();
    const oldEmail = await emailOf(browser);
    const newEmail = uniqueEmail('moved');
    const asked = await browser.post('/api/v2/profile/email', { email: newEmail.toUpperCase(), password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(await profile(browser)).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    const [link] = await mailsTo(app, newEmail, 'email-change-confirm');
    expect((await mailsTo(app, oldEmail, 'email-change-requested')).length).toBe(1);
    const token = emailToken(link!.text);

    // The link works in any browser (the token is the proof), and only once.
    const confirmed = await createBrowser(app).post('/api/v2/profile/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await profile(browser)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await mailsTo(app, oldEmail, 'email-changed')).length).toBe(1);
    const again = await createBrowser(app).post('/api/v2/profile/email/confirm', { token });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'emailChangeLinkInvalid' });

    // The new address signs in; the old one no longer does.
    expect((await createBrowser(app).post('/api/auth/signin', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await createBrowser(app).post('/api/auth/signin', { email: oldEmail, password: PASSWORD })).status).toBe(401);
  });

  it('refuses a wrong password (422), the same address (422), an address in use (409), a malformed one (400), a malformed token (400)', async () => {
    const browser = await member();
    const other = await member();
    const cases: [unknown, number, string][] = [
      [{ email: uniqueEmail(), password: 'wrong1234' }, 422, 'wrongPassword'],
      [{ email: await emailOf(browser), password: PASSWORD }, 422, 'emailUnchanged'],
      [{ email: await emailOf(other), password: PASSWORD }, 409, 'emailTaken'],
      [{ email: 'not-an-address', password: PASSWORD }, 400, 'invalidEmail'],
      [{ email: uniqueEmail() }, 400, 'thisFieldIsRequired'],
    ];
    for (const [body, status, code] of cases) {
      const response = await browser.post('/api/v2/profile/email', body);
      expect([status, (await response.json()) as unknown]).toMatchObject([status, { code }]);
    }
    const bad = await browser.post('/api/v2/profile/email/confirm', { token: '<script>' });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/v2/profile/export (APPI)', () => {
  it('downloads everything stored about the member as JSON, and nothing of anyone else', async () => {
    const browser = await signedUpMember(app);
    const someoneElse = await signedUpMember(app);
    const response = await browser.get('/api/v2/profile/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="musio-my-data-\d{8}\.json"$/);
    const data = (await response.json()) as Record<string, unknown> & { account: { email: string }; addresses: unknown[]; orders: unknown[]; subscriptions: unknown[]; billingHistory: unknown[] };
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['exportedAt', 'account', 'consents', 'addresses', 'card', 'orders', 'supportTickets', 'mails', 'subscriptions', 'billingHistory', 'referrals']),
    );
    expect(data.account.email).toBe(await emailOf(browser));
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.subscriptions).toHaveLength(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain(await emailOf(someoneElse));
    expect(text).not.toMatch(/password|paymentMethodId|customerId|pm_/i);
    expect((await createBrowser(app).get('/api/v2/profile/export')).status).toBe(401);
  });
});

describe('POST /api/v2/profile/deletion (closing the account)', () => {
  it('is refused with 409 while a plan is active, with the reason', async () => {
    const browser = await signedUpMember(app);
    const refused = await browser.post('/api/v2/profile/deletion', { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'planStillActive' });
  });

  it('asks for the password (400 without, 422 wrong); then removes the personal data and signs out', async () => {
    const browser = await member();
    const email = await emailOf(browser);
    expect((await browser.post('/api/v2/profile/deletion', {})).status).toBe(400);
    expect(await (await browser.post('/api/v2/profile/deletion', { password: 'wrong1234' })).json()).toMatchObject({ code: 'wrongPassword' });
    const closed = await browser.post('/api/v2/profile/deletion', { password: PASSWORD });
    expect(closed.status).toBe(200);
    expect((await browser.get('/api/v2/profile')).status).toBe(401);
    expect((await createBrowser(app).post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
    const rows = await app.ctx.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/v2/referral (product decision 22)', () => {
  it('gives the member one invitation link and counts the sign-ups and orders through it', async () => {
    const inviter = await member();
    const first = (await (await inviter.get('/api/v2/referral')).json()) as { data: { code: string; url: string; signups: number; orders: number } };
    expect(first.data).toMatchObject({ code: expect.stringMatching(/^[a-z0-9]{10}$/), signups: 0, orders: 0 });
    expect(first.data.url).toBe(`http://localhost:4321/signup?ref=${first.data.code}`);
    expect(((await (await inviter.get('/api/v2/referral')).json()) as typeof first).data.code).toBe(first.data.code);

    // A visitor arrives with the link; the cookie the site keeps goes with the sign-up.
    const invited = createBrowser(app);
    invited.cookies.set('ref', first.data.code);
    await signUpIn(invited);
    const self = createBrowser(app);
    self.cookies.set('ref', 'unknown0000');
    await signUpIn(self);
    expect(((await (await inviter.get('/api/v2/referral')).json()) as typeof first).data).toMatchObject({ signups: 1, orders: 0 });
    expect((await createBrowser(app).get('/api/v2/referral')).status).toBe(401);

    // The invited member orders: そのうちお申し込み counts it (issue 27).
    await addAddress(invited);
    await ok(await saveCard(invited), 'card');
    await placeOrder(invited, orderBody('ME_Plan_3', { productId: 'lessons-4' }));
    expect(((await (await inviter.get('/api/v2/referral')).json()) as typeof first).data).toMatchObject({ signups: 1, orders: 1 });
  });
});
