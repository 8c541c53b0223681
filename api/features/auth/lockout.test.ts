import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser, signUpIn, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { resetTokenFrom, waitForMail } from '../../../tests/support/mails.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { mails, rateLimits } from '../../db/schema/index.ts';
import { passwordFailureKey } from './lockout.ts';

/**
 * The sign-in lockout (product decision 36): 10 wrong passwords lock the address for 30 minutes or
 * until a password reset; the member is mailed; the checks of the current password in My Page count
 * too. The back-off before the 10th failure (docs/decisions/0007) is skipped by moving its end.
 */
const app = useTestApp({ jobs: true });
const db = () => app.ctx.database.db;

/** Lets the next attempt through the back-off (as if its 15 s ... 240 s had passed). */
async function skipBackoff(email: string): Promise<void> {
  await db().update(rateLimits).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, passwordFailureKey(email)));
}

const signIn = (email: string, password: string) => createBrowser(app).post('/api/auth/signin', { email, password });

async function failSignIns(email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await skipBackoff(email);
    expect((await signIn(email, 'wrong-password-9')).status).toBe(401);
  }
}

const lockMails = (to: string) => db().select().from(mails).where(and(eq(mails.toAddress, to), eq(mails.template, 'account-locked')));

describe('sign-in lockout', () => {
  it('locks after 10 failures for 30 minutes, even for the right password, and mails the member once', async () => {
    const input = await signUpIn(createBrowser(app));
    await failSignIns(input.email, 9);
    expect(await lockMails(input.email)).toHaveLength(0);
    await failSignIns(input.email, 1);

    const locked = await signIn(input.email, input.password);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ status: 'error', code: 'tooManyRequests' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);

    const mail = await waitForMail(app, input.email);
    expect(mail.template).toBe('account-locked');
    expect(mail.subject).toBe('【Musio English】ログインを一時的に停止しました');
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toContain('30分間停止しました');
    expect(mail.text).toContain('/find-password');
    expect(await lockMails(input.email)).toHaveLength(1);

    // After the 30 minutes the right password works again and the count starts anew.
    await skipBackoff(input.email);
    expect((await signIn(input.email, input.password)).status).toBe(200);
    expect((await signIn(input.email, 'wrong-password-9')).status).toBe(401);
  });

  it('answers a locked unknown address exactly as a locked account (nothing to learn), and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    await failSignIns(email, 10);
    const locked = await signIn(email, 'whatever-2026');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ status: 'error', code: 'tooManyRequests' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    expect(await db().select().from(mails).where(eq(mails.toAddress, email))).toHaveLength(0);
  });

  it('a password reset lifts the lock', async () => {
    const input = await signUpIn(createBrowser(app));
    await failSignIns(input.email, 10);
    expect((await signIn(input.email, input.password)).status).toBe(429);
    const after = new Date();
    expect((await createBrowser(app).post('/api/auth/password/reset/request', { email: input.email })).status).toBe(200);
    const token = resetTokenFrom((await waitForMail(app, input.email, { after })).text);
    expect((await createBrowser(app).post('/api/auth/password/reset', { token, password: 'reset2026x' })).status).toBe(200);
    expect((await signIn(input.email, 'reset2026x')).status).toBe(200);
  });
});

describe('checks of the current password in My Page count toward the lockout and are throttled', () => {
  type Check = (browser: TestBrowser, password: string) => Promise<Response>;
  const checks: [string, Check, number][] = [
    ['password change', (browser, password) => browser.post('/api/auth/password/change', { current_password: password, password: 'nextpass2026' }), 422],
    ['email change', (browser, password) => browser.post('/api/v2/profile/email', { email: uniqueEmail('moved'), password }), 422],
    ['closing the account', (browser, password) => browser.post('/api/v2/profile/deletion', { password }), 422],
  ];

  it.each(checks)('%s: wrong passwords back off, and the 10th locks sign-in and the check alike', async (_name, check, wrongStatus) => {
    const browser = createBrowser(app);
    const input = await signUpIn(browser);
    for (let i = 0; i < 4; i += 1) expect((await check(browser, 'wrong-password-9')).status).toBe(wrongStatus);
    expect((await check(browser, 'wrong-password-9')).status).toBe(wrongStatus);
    // The 5th failure started the back-off: the next check waits, whatever the password.
    const throttled = await check(browser, input.password);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 5; i += 1) {
      await skipBackoff(input.email);
      expect((await check(browser, 'wrong-password-9')).status).toBe(wrongStatus);
    }
    expect((await signIn(input.email, input.password)).status).toBe(429);
    expect((await check(browser, input.password)).status).toBe(429);
    expect(await lockMails(input.email)).toHaveLength(1);
  });

  it('failed sign-ins and failed checks add up', async () => {
    const browser = createBrowser(app);
    const input = await signUpIn(browser);
    await failSignIns(input.email, 5);
    for (let i = 0; i < 5; i += 1) {
      await skipBackoff(input.email);
      expect((await browser.post('/api/auth/password/change', { current_password: 'wrong-password-9', password: 'nextpass2026' })).status).toBe(422);
    }
    expect((await signIn(input.email, input.password)).status).toBe(429);
  });
});
