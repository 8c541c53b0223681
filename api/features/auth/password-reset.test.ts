import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBrowser, signUpIn, uniqueEmail } from '../../../tests/support/browser.ts';
import { resetTokenFrom, waitForMail } from '../../../tests/support/mails.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { mails, passwordResetTokens } from '../../db/schema/index.ts';
import { RESET_REQUEST_QUEUE } from './password-reset.ts';

const app = useTestApp({ jobs: true });

async function requestReset(email: string) {
  return createBrowser(app).post('/api/auth/password/reset/request', { email, key: 'web', language: 'jp' });
}

describe('password reset', () => {
  it('mails a Japanese link that sets a new password once, and ends every session', async () => {
    const signedIn = createBrowser(app);
    const input = await signUpIn(signedIn);
    const response = await requestReset(input.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });

    const mail = await waitForMail(app, input.email);
    expect(mail.status).toBe('kept');
    expect(mail.subject).toBe('【Musio English】パスワード再設定のご案内');
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toContain('1時間以内');
    expect(mail.html).toContain('新しいパスワードを設定する');
    const token = resetTokenFrom(mail.text);

    const reset = await createBrowser(app).post('/api/auth/password/reset', { token, password: 'newpass2026' });
    expect(reset.status).toBe(200);
    expect((await signedIn.get('/api/auth/session')).status).toBe(401);
    expect((await createBrowser(app).post('/api/auth/signin', { email: input.email, password: 'newpass2026' })).status).toBe(200);

    const again = await createBrowser(app).post('/api/auth/password/reset', { token, password: 'other2026' });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ status: 'error', code: 'resetLinkInvalid' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await requestReset(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    // The request is worked by a job: wait until that job has finished, then look for mail.
    await waitFor(async () => {
      const result = await app.ctx.database.db.execute(sql`select state from pgboss.job where name = ${RESET_REQUEST_QUEUE} and data->>'email' = ${email}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { state: string }[];
      return rows[0]?.state === 'completed' ? true : undefined;
    }, { what: 'the reset request job to finish', timeoutMs: 30_000 });
    expect(await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, email))).toEqual([]);
  });

  it('takes about the same time for known and unknown addresses (no enumeration by timing)', async () => {
    const input = await signUpIn(createBrowser(app));
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 12; i += 1) {
      for (const kind of ['known', 'unknown'] as const) {
        const started = performance.now();
        await requestReset(kind === 'known' ? input.email : uniqueEmail('nobody'));
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(25);
  });

  it('refuses a link mailed before the password was changed, by a reset or in My Page', async () => {
    const browser = createBrowser(app);
    const input = await signUpIn(browser);
    const after = new Date();
    await requestReset(input.email);
    const first = resetTokenFrom((await waitForMail(app, input.email, { after })).text);
    expect((await browser.post('/api/auth/password/change', { current_password: input.password, password: 'changed2026' })).status).toBe(200);
    const stale = await createBrowser(app).post('/api/auth/password/reset', { token: first, password: 'thief2026' });
    expect(stale.status).toBe(422);
    expect(await stale.json()).toEqual({ status: 'error', code: 'resetLinkInvalid' });
    expect((await createBrowser(app).post('/api/auth/signin', { email: input.email, password: 'changed2026' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const input = await signUpIn(createBrowser(app));
    const after = new Date();
    await requestReset(input.email);
    const token = resetTokenFrom((await waitForMail(app, input.email, { after })).text);
    await app.ctx.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await createBrowser(app).post('/api/auth/password/reset', { token, password: 'newpass2026' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 'error', code: 'resetLinkInvalid' });
  });

  it.each([
    [{ token: 'abc', password: 'newpass2026' }, 'token', 'resetLinkInvalid'],
    [{ token: 'a'.repeat(32), password: 'short' }, 'password', 'passwordMinLength'],
  ])('validates the input: %j', async (body, path, code) => {
    const response = await createBrowser(app).post('/api/auth/password/reset', body);
    expect(response.status).toBe(400);
    expect((await response.json()).issues).toEqual([{ path, code }]);
  });

  it('validates the address of the request', async () => {
    const response = await requestReset('not-an-address');
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('invalidEmail');
  });
});
