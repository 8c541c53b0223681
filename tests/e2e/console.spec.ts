import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_STAFF } from '../../api/db/demo-accounts.ts';
import { expect, snackbar, test } from './support/fixtures.ts';

/** The console for a team (issue 25): the dashboard's charts, the staff screen, what a role sees. */

const sidebarOrDrawer = async (page: Page, isMobile: boolean) => {
  if (isMobile) await page.getByRole('button', { name: 'メニュー' }).click();
  return page.getByRole('navigation', { name: '管理メニュー' }).last();
};

test('the dashboard draws each figure as a chart with its table, and fits the screen', async ({ page, isMobile, signIn }) => {
  await signIn(DEMO_ADMIN.email);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  const sectionNamed = (name: string) => page.getByRole('region', { name }).or(page.locator('section', { has: page.getByRole('heading', { name, exact: true }) }));
  for (const name of ['月次経常収益（MRR）', 'MRRの増減', '無料体験から有料への転換', '決済失敗からの回復']) {
    const section = sectionNamed(name);
    await expect(section.getByRole('img', { name })).toBeVisible();
    // Recharts draws SVG: axes with the months.
    await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
  }
  // Plans and cancellations: a chart once the months hold some (other tests add them), else a line
  // saying there are none, never empty axes.
  for (const [name, none] of [
    ['状態別の契約数（月末時点）', 'この期間の契約はありません。'],
    ['解約理由', 'この期間の解約はありません。'],
  ] as const) {
    const section = sectionNamed(name);
    await expect(section.getByRole('img', { name }).or(section.getByText(none))).toBeVisible();
    if (await section.getByText(none).isVisible()) await expect(section.locator('svg')).toHaveCount(0);
  }
  await expect(page.getByRole('rowheader', { name: 'MRR（税込）' })).toBeVisible();
  // Readable at 375 px: the page never scrolls sideways (wide tables scroll inside their region).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByRole('img', { name: '月次経常収益（MRR）' }).boundingBox();
  expect(box!.width).toBeGreaterThan(isMobile ? 250 : 400);
  await page.screenshot({ path: test.info().outputPath(`dashboard-${isMobile ? 'phone' : 'desktop'}.png`), fullPage: true });
});

test.describe('roles', () => {
  test.skip(({ isMobile }) => isMobile, 'one run is enough: the role table is the same on every screen');

  test('an owner changes a staff member’s role on the staff screen', async ({ page, signIn }) => {
    await signIn(DEMO_ADMIN.email);
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'スタッフと権限' })).toBeVisible();
    const billing = DEMO_STAFF.find((staff) => staff.consoleRole === 'billing')!;
    const select = page.getByRole('combobox', { name: `${billing.email} 権限` });
    await expect(select).toHaveValue('billing');
    await select.selectOption('support');
    await expect(snackbar(page, 'event')).toContainText('スタッフの権限を変更しました');
    await expect(select).toHaveValue('support');
    await select.selectOption('billing');
    await expect(select).toHaveValue('billing');
    // The configured owner cannot be changed here.
    await expect(page.getByRole('row', { name: new RegExp(DEMO_ADMIN.email) })).toContainText('設定（ADMIN_EMAILS）によるオーナー');
  });

  test('support does not see mass mail, and is sent on when it opens it', async ({ page, isMobile, signIn }) => {
    const support = DEMO_STAFF.find((staff) => staff.consoleRole === 'support')!;
    await signIn(support.email);
    await page.goto('/admin/sendMail');
    await expect(page).toHaveURL(/\/admin\/members$/);
    const nav = await sidebarOrDrawer(page, isMobile);
    await expect(nav.getByRole('link', { name: 'お問い合わせ' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '一斉メール送信' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'スタッフと権限' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'ダッシュボード' })).toHaveCount(0);
  });
});
