import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser, signUpIn, signUpInput, uniqueEmail } from '../../../tests/support/browser.ts';
import { newMember } from '../../../tests/support/factories.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { sessions } from '../../db/schema/index.ts';

const app = useTestApp({ env: { ADMIN_EMAILS: 'boss@example.jp', STAFF_EMAILS: 'staff@example.jp' } });

describe('POST /api/auth/signup', () => {
  it('creates the account, signs in with an HttpOnly Secure SameSite=Lax cookie and a readable hint', async () => {
    const browser = createBrowser(app);
    const response = await browser.post('/api/auth/signup', signUpInput());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', data: { name: '山田 花子' } });
    const [session, hint] = response.headers.getSetCookie();
    expect(session).toMatch(/^session=[a-z2-7]{24}\.[a-z2-7]{24};/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
  });

  it('answers 409 with code 2002 when the email is taken, whatever its case', async () => {
    const email = uniqueEmail();
    await createBrowser(app).post('/api/auth/signup', signUpInput({ email }));
    const again = await createBrowser(app).post('/api/auth/signup', signUpInput({ email: email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 2002 });
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'invalidEmail'],
    ['email', { email: '' }, 'thisEmailFieldIsRequired'],
    ['password', { password: 'short1' }, 'passwordMinLength'],
    ['password', { password: 'NOLOWER123' }, 'invalidPassword'],
    ['password', { password: 'password123' }, 'commonPassword'],
    ['first_name', { first_name: '' }, 'thisFieldIsRequired'],
    ['last_name', { last_name: '' }, 'thisFieldIsRequired'],
    ['birthday', { birthday: '1899-01' }, 'invalidBirthday'],
  ])('answers 400 naming the field %s', async (path, change, code) => {
    const response = await createBrowser(app).post('/api/auth/signup', signUpInput(change));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'error', code });
    expect(body.issues).toContainEqual({ path, code });
  });

  it('accepts the form encoding of the original API', async () => {
    const input = signUpInput();
    const response = await app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(input).toString(),
    });
    expect(response.status).toBe(200);
    // A program (no Sec-Fetch-Site, no Origin) gets the token in the reply (product decision 1).
    expect((await response.json()).token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
  });

  it('refuses a body that is not JSON or a form', async () => {
    const response = await app.request('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }, body: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'badRequest' });
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in and says who it is, without the token for a browser', async () => {
    const input = await signUpIn(createBrowser(app));
    const browser = createBrowser(app);
    const response = await browser.post('/api/auth/signin', { email: input.email.toUpperCase(), password: input.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', data: { name: '山田 花子' } });
    expect(browser.cookies.get('session')).toBeTruthy();
  });

  it('answers invalidCredentials for a wrong password and for an unknown email alike', async () => {
    const input = await signUpIn(createBrowser(app));
    const wrong = await createBrowser(app).post('/api/auth/signin', { email: input.email, password: 'wrong2026' });
    const unknown = await createBrowser(app).post('/api/auth/signin', { email: uniqueEmail(), password: 'wrong2026' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: 'error', code: 'invalidCredentials' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 400 when a field is missing', async () => {
    const response = await createBrowser(app).post('/api/auth/signin', { email: 'a@example.jp' });
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path: 'password', code: 'thisFieldIsRequired' }]);
  });

  it('makes a new session at every sign-in', async () => {
    const input = await signUpIn(createBrowser(app));
    const first = createBrowser(app);
    const second = createBrowser(app);
    await first.post('/api/auth/signin', input);
    await second.post('/api/auth/signin', input);
    expect(first.cookies.get('session')).not.toBe(second.cookies.get('session'));
  });
});

describe('GET /api/auth/session', () => {
  it('answers 401 when signed out', async () => {
    const response = await createBrowser(app).get('/api/auth/session');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 'error', code: 'unauthorized' });
  });

  it('describes the member: not signed up until the first order', async () => {
    const browser = createBrowser(app);
    const input = await signUpIn(browser);
    const response = await browser.get('/api/auth/session');
    expect(await response.json()).toEqual({
      status: 'success',
      data: { email: input.email, name: '山田 花子', lastName: '山田', firstName: '花子', isAdmin: false, isStaff: false, isSignedUp: false, hasCard: false },
    });
  });

  it('recognises admin and staff emails from the configuration', async () => {
    const admin = createBrowser(app);
    await signUpIn(admin, { email: 'boss@example.jp' });
    expect((await (await admin.get('/api/auth/session')).json()).data).toMatchObject({ isAdmin: true, isStaff: false, consoleRole: 'owner' });
    const staff = createBrowser(app);
    await signUpIn(staff, { email: 'Staff@Example.jp' });
    expect((await (await staff.get('/api/auth/session')).json()).data).toMatchObject({ isAdmin: false, isStaff: true });
  });

  it('accepts a bearer token from a program', async () => {
    const input = signUpInput();
    const reply = await app.request('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const { token } = await reply.json();
    const response = await app.request('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.email).toBe(input.email);
  });

  it('refuses a token whose secret is wrong, and clears the stale cookie', async () => {
    const browser = await newMember(app);
    const [id] = browser.cookies.get('session')!.split('.');
    browser.cookies.set('session', `${id}.${'a'.repeat(24)}`);
    const response = await browser.get('/api/auth/session');
    expect(response.status).toBe(401);
    expect(browser.cookies.has('session')).toBe(false);
    expect(browser.cookies.has('signed_in')).toBe(false);
  });

  it('ends a member session after 10 days without use', async () => {
    const browser = await newMember(app);
    const id = browser.cookies.get('session')!.split('.')[0]!;
    const past = new Date(Date.now() - 11 * 24 * 60 * 60_000);
    await app.ctx.database.db.update(sessions).set({ lastUsedAt: past, idleExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
    expect((await browser.get('/api/auth/session')).status).toBe(401);
    expect(await app.ctx.database.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it('slides the idle deadline forward, writing it at most once an hour', async () => {
    const browser = await newMember(app);
    const id = browser.cookies.get('session')!.split('.')[0]!;
    const read = async () => (await app.ctx.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    const before = await read();
    await browser.get('/api/auth/session');
    expect((await read()).idleExpiresAt).toEqual(before.idleExpiresAt);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await app.ctx.database.db.update(sessions).set({ lastUsedAt: twoHoursAgo }).where(eq(sessions.id, id));
    await browser.get('/api/auth/session');
    const after = await read();
    expect(after.lastUsedAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
    expect(after.idleExpiresAt.getTime()).toBeGreaterThanOrEqual(before.idleExpiresAt.getTime());
  });

  it('gives admins the short lifetimes: 30 minutes idle, 12 hours in all', async () => {
    const browser = createBrowser(app);
    await signUpIn(browser, { email: 'boss@example.jp'.replace('boss', `boss+${Date.now()}`) });
    const adminBrowser = createBrowser(app);
    const reply = await adminBrowser.post('/api/auth/signin', { email: 'boss@example.jp', password: 'eigo2026' });
    expect(reply.status).toBe(200);
    const id = adminBrowser.cookies.get('session')!.split('.')[0]!;
    const [row] = await app.ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.kind).toBe('admin');
    expect(row!.idleExpiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(30 * 60_000, -4);
    expect(row!.absoluteExpiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(12 * 60 * 60_000, -4);
  });
});

describe('POST /api/auth/signout', () => {
  it('deletes the session on the server and clears both cookies', async () => {
    const browser = await newMember(app);
    const token = browser.cookies.get('session')!;
    const response = await browser.post('/api/auth/signout');
    expect(response.status).toBe(200);
    expect(browser.cookies.size).toBe(0);
    const replay = await app.request('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
    expect(replay.status).toBe(401);
  });
});

describe('POST /api/auth/password/change', () => {
  it('needs sign-in', async () => {
    const response = await createBrowser(app).post('/api/auth/password/change', { current_password: 'eigo2026', password: 'eigo2027' });
    expect(response.status).toBe(401);
  });

  it('asks for the current password: a wrong one is changePasswordFailed', async () => {
    const browser = await newMember(app);
    const response = await browser.post('/api/auth/password/change', { current_password: 'wrong2026', password: 'eigo2027' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 'error', code: 'changePasswordFailed' });
  });

  it('validates the new password with the spec rule', async () => {
    const browser = await newMember(app);
    const response = await browser.post('/api/auth/password/change', { current_password: 'eigo2026', password: 'abc' });
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path: 'password', code: 'passwordMinLength' }]);
  });

  it('changes it, keeps this session and ends every other one', async () => {
    const here = createBrowser(app);
    const input = await signUpIn(here);
    const elsewhere = createBrowser(app);
    await elsewhere.post('/api/auth/signin', input);
    const response = await here.post('/api/auth/password/change', { current_password: input.password, password: 'eigo2027' });
    expect(response.status).toBe(200);
    expect((await here.get('/api/auth/session')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/session')).status).toBe(401);
    expect((await createBrowser(app).post('/api/auth/signin', input)).status).toBe(401);
    expect((await createBrowser(app).post('/api/auth/signin', { ...input, password: 'eigo2027' })).status).toBe(200);
  });
});
