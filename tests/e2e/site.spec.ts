import { createContentLoader } from '../../src/content/loader.ts';
import { landingPageQuery, legalPagesQuery, siteSettingsQuery } from '../../src/content/queries.ts';
import type { LandingPage, LegalPage, SiteSettings } from '../../src/content/types.ts';
import { expect, expectAccessible, snackbar, test } from './support/fixtures.ts';

const content = createContentLoader();
const settings = await content.fetch<SiteSettings>(siteSettingsQuery);
const landing = await content.fetch<LandingPage>(landingPageQuery, { id: 'landing-home' });
const legalPages = await content.fetch<LegalPage[]>(legalPagesQuery);

test('the landing page is rendered from the seed content', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(landing.seo?.title ?? landing.title);
  const banner = landing.sections.find((section) => section._type === 'bannerCarousel');
  if (banner?._type !== 'bannerCarousel') throw new Error('the seed landing page has no banner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(banner.slides[0]!.heading);
  for (const section of landing.sections) {
    if ('heading' in section && section._type !== 'bannerCarousel' && section.heading) {
      await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    }
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expectAccessible(page);
});

test('the navbar links: support, plan, and FAQ, blog and news in a new tab', async ({ page, isMobile }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  if (isMobile) await nav.getByText('メニュー', { exact: true }).click();
  const scope = isMobile ? nav.locator('details ul') : nav.locator('> ul');
  await expect(scope.getByRole('link', { name: 'サポート' })).toHaveAttribute('href', '/support');
  await expect(scope.getByRole('link', { name: '料金プラン' })).toHaveAttribute('href', '/plan');
  for (const [name, href] of [
    ['よくある質問', settings.faqUrl],
    ['ブログ', settings.blogUrl],
    ['お知らせ', settings.newsUrl],
  ] as const) {
    const link = scope.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(scope.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  await expect(scope.getByRole('button', { name: 'ログアウト' })).toBeHidden();
});

test('the footer shows the company contact and the legal pages from Sanity', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(settings.companyName);
  await expect(footer).toContainText(settings.companyAddress);
  await expect(footer).toContainText(settings.phone);
  await expect(footer).toContainText(settings.officeHours);
  await expect(footer).toContainText(settings.supportReplyTime);
  for (const link of settings.footerLinks) {
    await expect(footer.getByRole('link', { name: link.label })).toHaveAttribute('href', `/${link.slug}`);
  }
});

for (const legal of legalPages) {
  test(`the legal page /${legal.slug} is readable and accessible`, async ({ page }) => {
    await page.goto(`/${legal.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    await expectAccessible(page);
  });
}

test('an unknown path shows the Japanese 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
  await page.getByRole('link', { name: 'トップページへ戻る' }).click();
  await expect(page).toHaveURL('/');
});

test('the floating support icon leads to the support form', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'サポートに問い合わせる' })).toHaveAttribute('href', '/support');
});

test('the a8 parameter of the first visit is kept', async ({ page, context }) => {
  await page.goto('/?a8=s00000001234001');
  await page.goto('/terms?a8=other');
  const cookie = (await context.cookies()).find((c) => c.name === 'a8');
  expect(cookie).toMatchObject({ value: 's00000001234001', httpOnly: true, sameSite: 'Lax' });
});

test('a message shows in the green snackbar for 2 seconds', async ({ page }) => {
  // The page's own clock, not the machine's: 2 seconds mean 2 seconds however busy the machine is.
  await page.clock.install({ time: new Date('2026-04-01T10:00:00+09:00') });
  await page.goto('/terms');
  await page.evaluate(() => (document.cookie = 'flash=logout; Path=/; Max-Age=60; SameSite=Lax'));
  await page.clock.pauseAt(new Date('2026-04-01T10:01:00+09:00'));
  await page.reload();
  const green = snackbar(page, 'event');
  await expect(green).toHaveText(/ログアウトしました/);
  await page.clock.runFor(1_900);
  await expect(green).toHaveText(/ログアウトしました/);
  await page.clock.runFor(200);
  await expect(green).toBeEmpty();
  // Shown once: the next page has no message.
  await page.reload();
  await expect(green).toBeEmpty();
});
