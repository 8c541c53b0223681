import { describe, expect, it } from 'vitest';
import { adminPath, resolveAdminRoute } from './navigation.ts';

const sessions = ['sendMail', 'settingStep', 'notification', 'addAccount', 'members'] as const;

describe('resolveAdminRoute (spec §2, product decision 10)', () => {
  it.each([
    ['/admin', 'sendMail', [], true],
    ['/admin/', 'sendMail', [], true],
    ['/admin/notification', 'notification', [], true],
    ['/admin/addAccount/', 'addAccount', [], true],
    ['/admin/members?q=yamada', 'members', [], true],
    ['/admin/members/0a1b2c3d', 'members', ['0a1b2c3d'], true],
    ['/admin/members/%E5%B1%B1', 'members', ['山'], true],
    ['/admin/unknown', 'sendMail', [], false],
    ['/admin/Notification', 'sendMail', [], false],
    ['/admin/unknown/deeper', 'sendMail', [], false],
    ['/mypage', 'sendMail', [], false],
  ])('%s → %s %j', (path, session, rest, isKnown) => {
    expect(resolveAdminRoute(path, sessions)).toEqual({ session, rest, isKnown });
  });

  it('builds paths with encoded parts', () => {
    expect(adminPath('members', '山田/花子')).toBe('/admin/members/%E5%B1%B1%E7%94%B0%2F%E8%8A%B1%E5%AD%90');
    expect(adminPath('audit')).toBe('/admin/audit');
  });
});
