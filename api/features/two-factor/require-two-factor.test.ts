import { describe, expect, it } from 'vitest';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../src/domain/admin/two-factor.ts';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { currentStep, totpCode } from './totp.ts';

// Product decision 24: with ADMIN_REQUIRE_2FA=true the console is closed to admins without a second factor.
const app = useTestApp({ env: { ADMIN_REQUIRE_2FA: 'true' } });

describe('ADMIN_REQUIRE_2FA=true', () => {
  it('closes every console route but enrolment until the factor is on, then opens them', async () => {
    const admin = await adminBrowser(app);
    const before = await adminBrowser(app);
    expect((await before.get('/api/v2/admin/members')).status).toBe(403);
    const closed = await admin.get('/api/v2/admin/members');
    expect(closed.status).toBe(403);
    expect(await closed.json()).toEqual({ status: 'error', code: 'twoFactorEnrolmentRequired' });
    expect((await latestAuditEntries(app))[0]).toMatchObject({ action: 'memberSearch', outcome: 'denied', errorCode: 'twoFactorEnrolmentRequired' });
    expect((await admin.get('/api/v2/admin/announcements')).status).toBe(403);
    expect((await admin.post('/api/v2/admin/accounts', {})).status).toBe(403);

    const statusReply = await admin.get('/api/v2/admin/two-factor');
    expect(((await statusReply.json()) as { data: TwoFactorStatus }).data).toEqual({ enabled: false, required: true, pending: false, recoveryCodesLeft: 0, sessionVerified: false });
    const setup = await admin.post('/api/v2/admin/two-factor/setup');
    const { secret } = ((await setup.json()) as { data: TwoFactorSetup }).data;
    const confirmed = await admin.post('/api/v2/admin/two-factor/confirm', { code: totpCode(secret, currentStep(Date.now())) });
    expect(confirmed.status).toBe(200);

    expect((await admin.get('/api/v2/admin/members')).status).toBe(200);
    // A password-only session made before the enrolment does not get the console: enrolling ended it.
    expect((await before.get('/api/v2/admin/members')).status).toBe(401);
    // The factor cannot be turned off while the setting asks for it.
    const off = await admin.post('/api/v2/admin/two-factor/disable', { code: totpCode(secret, currentStep(Date.now()) + 1) });
    expect(off.status).toBe(409);
    expect(await off.json()).toEqual({ status: 'error', code: 'twoFactorRequiredByPolicy' });
  });
});
