import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminTotp, sessions } from '../../db/schema/index.ts';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../src/domain/admin/two-factor.ts';
import { ADMIN_PASSWORD, adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import { createBrowser, uniqueEmail, type TestBrowser } from '../../../tests/support/browser.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { currentStep, totpCode } from './totp.ts';

const ADMINS = Array.from({ length: 20 }, (_, i) => `boss${i}@example.jp`);
const app = useTestApp({ env: { ADMIN_EMAILS: ADMINS.join(',') } });

// Codes follow real time: the tests hold the clock in the middle of a 30-second step.
const START = (Math.floor(Date.now() / 30_000) + 1) * 30_000 + 15_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});
const stepNow = () => currentStep(Date.now());

let next = 0;
/** A fresh admin for each test: enrolment and limits are per account. */
async function freshAdmin(): Promise<{ email: string; browser: TestBrowser }> {
  const email = ADMINS[next++];
  if (!email) throw new Error('add an address to ADMINS');
  return { email, browser: await adminBrowser(app, email) };
}

async function status(browser: TestBrowser): Promise<TwoFactorStatus> {
  const response = await browser.get('/api/v2/admin/two-factor');
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: TwoFactorStatus }).data;
}

/** Enrols: the QR's key, then the first code (of the step before now, so later steps stay free). */
async function enrol(browser: TestBrowser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await browser.post('/api/v2/admin/two-factor/setup');
  expect(setup.status).toBe(200);
  const { secret } = ((await setup.json()) as { data: TwoFactorSetup }).data;
  const confirm = await browser.post('/api/v2/admin/two-factor/confirm', { code: totpCode(secret, stepNow() - 1) });
  expect(confirm.status).toBe(200);
  return { secret, ...((await confirm.json()) as { data: RecoveryCodes }).data };
}

const signIn = (email: string, otp?: string) => createBrowser(app).post('/api/auth/signin', { email, password: ADMIN_PASSWORD, ...(otp === undefined ? {} : { otp }) });

describe('enrolment', () => {
  it('starts with a key and an otpauth URI, confirms with a code, and shows 10 recovery codes once', async () => {
    const { email, browser } = await freshAdmin();
    expect(await status(browser)).toEqual({ enabled: false, required: false, pending: false, recoveryCodesLeft: 0, sessionVerified: false });
    const setup = await browser.post('/api/v2/admin/two-factor/setup');
    const { secret, uri } = ((await setup.json()) as { data: TwoFactorSetup }).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Musio English:${email}`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ secret, issuer: 'Musio English', digits: '6', period: '30' });
    expect(await status(browser)).toMatchObject({ enabled: false, pending: true });

    const wrong = await browser.post('/api/v2/admin/two-factor/confirm', { code: '000000' === totpCode(secret, stepNow()) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ status: 'error', code: 'invalidOneTimeCode' });

    const confirm = await browser.post('/api/v2/admin/two-factor/confirm', { code: totpCode(secret, stepNow()).replace(/^(\d{3})/, '$1 ') });
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = ((await confirm.json()) as { data: RecoveryCodes }).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{10}$/);
    expect(await status(browser)).toEqual({ enabled: true, required: false, pending: false, recoveryCodesLeft: 10, sessionVerified: true });

    const [enabled, failed] = await latestAuditEntries(app, 2, 'twoFactorEnable');
    expect(enabled).toMatchObject({ outcome: 'success', actorEmail: email, targetId: enabled!.actorId });
    expect(failed).toMatchObject({ outcome: 'failure', errorCode: 'invalidOneTimeCode' });
    expect(JSON.stringify([enabled, failed])).not.toContain(secret);
    expect(JSON.stringify(enabled)).not.toContain(recoveryCodes[0]!);

    const again = await browser.post('/api/v2/admin/two-factor/setup');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ status: 'error', code: 'twoFactorAlreadyEnabled' });
  });

  it('refuses to confirm before a setup (409) and validates the code (400)', async () => {
    const { browser } = await freshAdmin();
    const early = await browser.post('/api/v2/admin/two-factor/confirm', { code: '123456' });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ status: 'error', code: 'twoFactorNotStarted' });
    for (const [code, expected] of [
      ['', 'thisFieldIsRequired'],
      ['12345', 'invalidOneTimeCode'],
      ['abc', 'invalidOneTimeCode'],
    ] as const) {
      const response = await browser.post('/api/v2/admin/two-factor/confirm', { code });
      expect({ code, status: response.status, body: await response.json() }).toMatchObject({ code, status: 400, body: { code: expected } });
    }
  });
});

describe('sign-in with the second factor', () => {
  it('asks for the code, refuses a wrong or replayed one, and accepts the next one', async () => {
    const { email, browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    const before = (await latestAuditEntries(app))[0]!.id;

    const asked = await signIn(email);
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ status: 'error', code: 'twoFactorRequired' });
    expect(asked.headers.getSetCookie().join()).not.toContain('session=');
    expect((await latestAuditEntries(app))[0]!.id).toBe(before);

    const replayed = await signIn(email, totpCode(secret, stepNow() - 1));
    expect(replayed.status).toBe(422);
    expect(await replayed.json()).toEqual({ status: 'error', code: 'invalidOneTimeCode' });
    expect((await latestAuditEntries(app, 1, 'signIn'))[0]).toMatchObject({ outcome: 'failure', errorCode: 'invalidOneTimeCode', actorEmail: email });

    const fresh = totpCode(secret, stepNow());
    const ok = await signIn(email, fresh);
    expect(ok.status).toBe(200);
    expect((await latestAuditEntries(app, 1, 'signIn'))[0]).toMatchObject({ outcome: 'success', actorEmail: email });
    expect((await signIn(email, fresh)).status).toBe(422);
    // One step of drift ahead is still accepted (a phone's clock a little fast).
    expect((await signIn(email, totpCode(secret, stepNow() + 1))).status).toBe(200);
    expect((await signIn(email, totpCode(secret, stepNow() + 2))).status).toBe(422);
  });

  it('accepts each recovery code once', async () => {
    const { email, browser } = await freshAdmin();
    const { recoveryCodes } = await enrol(browser);
    const code = recoveryCodes[3]!;
    expect((await signIn(email, `${code.slice(0, 5)}-${code.slice(5).toUpperCase()}`)).status).toBe(200);
    expect((await signIn(email, code)).status).toBe(422);
    expect(await status(browser)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('allows 5 codes per 15 minutes, then answers 429 with Retry-After (even for a right code)', async () => {
    const { email, browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, '000000' === totpCode(secret, stepNow()) ? '111111' : '000000')).status).toBe(422);
    const blocked = await signIn(email, totpCode(secret, stepNow()));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await latestAuditEntries(app, 1, 'signIn'))[0]).toMatchObject({ outcome: 'failure', errorCode: 'tooManyRequests' });
  });

  it('leaves the sign-in of an admin without a factor as it was', async () => {
    const { email } = await freshAdmin();
    expect((await signIn(email)).status).toBe(200);
  });
});

describe('the second factor belongs to the session (product decisions 24 and 32)', () => {
  it('enrolling ends every other session of the account, password-only ones included', async () => {
    const { email, browser } = await freshAdmin();
    const before = createBrowser(app);
    expect((await before.post('/api/auth/signin', { email, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await before.get('/api/v2/admin/members')).status).toBe(200);
    await enrol(browser);
    expect((await before.get('/api/v2/admin/members')).status).toBe(401);
    expect((await before.get('/api/auth/session')).status).toBe(401);
    // The session that enrolled has passed the factor and keeps the whole console.
    expect((await browser.get('/api/v2/admin/members')).status).toBe(200);
  });

  it('a session without the factor is never a full console session once the account has one', async () => {
    const { email, browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    // A session that passed only the password (as every session made before sessions recorded the factor).
    await app.ctx.database.db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.accountId, (await latestAuditEntries(app, 1, 'twoFactorEnable'))[0]!.actorId!));
    const refused = await browser.get('/api/v2/admin/members');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: 'error', code: 'twoFactorSessionRequired' });
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'memberSearch', outcome: 'denied', errorCode: 'twoFactorSessionRequired' });
    expect((await browser.post('/api/v2/admin/two-factor/recovery-codes', { code: totpCode(secret, stepNow()) })).status).toBe(403);
    // Its own set-up status stays readable, so the console can say what is wrong.
    expect(await status(browser)).toMatchObject({ enabled: true, sessionVerified: false });
    const signedIn = createBrowser(app);
    expect((await signedIn.post('/api/auth/signin', { email, password: ADMIN_PASSWORD, otp: totpCode(secret, stepNow()) })).status).toBe(200);
    expect((await signedIn.get('/api/v2/admin/members')).status).toBe(200);
  });
});

describe('the TOTP key at rest (AES-256-GCM under TOTP_ENCRYPTION_KEY)', () => {
  const storedKey = async (accountId: string) => (await app.ctx.database.db.select().from(adminTotp).where(eq(adminTotp.accountId, accountId)))[0]!.secret;

  it('is stored encrypted, never as the key the app shows', async () => {
    const { browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    const accountId = (await latestAuditEntries(app, 1, 'twoFactorEnable'))[0]!.actorId!;
    const stored = await storedKey(accountId);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
  });

  it('encrypts a key stored in plain text before, at its first use', async () => {
    const { email, browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    const accountId = (await latestAuditEntries(app, 1, 'twoFactorEnable'))[0]!.actorId!;
    await app.ctx.database.db.update(adminTotp).set({ secret }).where(eq(adminTotp.accountId, accountId));
    expect((await signIn(email, totpCode(secret, stepNow()))).status).toBe(200);
    expect(await storedKey(accountId)).toMatch(/^v1\./);
    expect((await signIn(email, totpCode(secret, stepNow() + 1))).status).toBe(200);
  });
});

describe('recovery codes and turning the factor off', () => {
  it('renews the recovery codes on a current code; the old ones stop working', async () => {
    const { email, browser } = await freshAdmin();
    const { secret, recoveryCodes } = await enrol(browser);
    const renewed = await browser.post('/api/v2/admin/two-factor/recovery-codes', { code: totpCode(secret, stepNow()) });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { data: RecoveryCodes }).data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await signIn(email, recoveryCodes[0])).status).toBe(422);
    expect((await signIn(email, fresh[0])).status).toBe(200);
    expect((await latestAuditEntries(app, 1, 'recoveryCodesRegenerate'))[0]).toMatchObject({ outcome: 'success' });
  });

  it('turns the factor off on a current code; sign-in then needs the password only', async () => {
    const { email, browser } = await freshAdmin();
    const { secret } = await enrol(browser);
    const refused = await browser.post('/api/v2/admin/two-factor/disable', { code: '000000' === totpCode(secret, stepNow()) ? '111111' : '000000' });
    expect(refused.status).toBe(422);
    expect((await browser.post('/api/v2/admin/two-factor/disable', { code: totpCode(secret, stepNow()) })).status).toBe(200);
    expect(await status(browser)).toEqual({ enabled: false, required: false, pending: false, recoveryCodesLeft: 0, sessionVerified: false });
    expect((await signIn(email)).status).toBe(200);
    const off = await browser.post('/api/v2/admin/two-factor/disable', { code: '123456' });
    expect(off.status).toBe(409);
    expect(await off.json()).toEqual({ status: 'error', code: 'twoFactorNotEnabled' });
  });
});

describe('admin sessions (product decision 1): 30 minutes idle, 12 hours in all', () => {
  it('ends an admin session after 30 minutes without use', async () => {
    const { browser } = await freshAdmin();
    vi.setSystemTime(START + 29 * 60_000);
    expect((await browser.get('/api/v2/admin/two-factor')).status).toBe(200);
    // Used at 29 minutes: the idle deadline slid forward, so 50 minutes after the start is fine.
    vi.setSystemTime(START + 50 * 60_000);
    expect((await browser.get('/api/v2/admin/two-factor')).status).toBe(200);
    vi.setSystemTime(START + 81 * 60_000);
    expect((await browser.get('/api/v2/admin/two-factor')).status).toBe(401);
  });

  it('ends it after 12 hours however busy', async () => {
    const { browser } = await freshAdmin();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(START + minutes * 60_000);
      expect((await browser.get('/api/v2/admin/two-factor')).status).toBe(200);
    }
    vi.setSystemTime(START + 12 * 60 * 60_000 + 1000);
    expect((await browser.get('/api/v2/admin/two-factor')).status).toBe(401);
  });
});

describe('the status read of every console load', () => {
  it('is not written to the audit log when it succeeds (refusals are: see audit.test.ts)', async () => {
    const { browser } = await freshAdmin();
    const before = (await latestAuditEntries(app))[0]!.id;
    await status(browser);
    expect((await latestAuditEntries(app))[0]!.id).toBe(before);
  });
});

describe('a member cannot enrol', () => {
  it('answers 403', async () => {
    const member = createBrowser(app);
    await member.post('/api/auth/signup', { email: uniqueEmail(), password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '201204' });
    expect((await member.post('/api/v2/admin/two-factor/setup')).status).toBe(403);
  });
});
