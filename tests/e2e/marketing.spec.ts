import { createContentLoader } from '../../src/content/loader.ts';
import {
  campaignPageQuery,
  errorPageQuery,
  faqPageQuery,
  landingPageQuery,
  newsListQuery,
  planPageQuery,
  planTablePageQuery,
  timelinePageQuery,
} from '../../src/content/queries.ts';
import type { CampaignPage, ErrorPage, FaqPage, LandingPage, NewsPostSummary, PlanPage, PlanTablePage, TimelinePage } from '../../src/content/types.ts';
import { e2eMemberEmail } from './support/accounts.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

const content = createContentLoader();
const firstSlide = async (id: string) => {
  const page = await content.fetch<LandingPage>(landingPageQuery, { id });
  const banner = page.sections.find((section) => section._type === 'bannerCarousel');
  return banner?._type === 'bannerCarousel' ? banner.slides[0]!.heading : page.title;
};
const plan = (category: string) => content.fetch<PlanPage>(planPageQuery, { category });
const timeline = (slug: string) => content.fetch<TimelinePage>(timelinePageQuery, { slug });
const news = await content.fetch<NewsPostSummary[]>(newsListQuery);

/** Every public page of the issue, with the h1 its content gives it. */
const routes: [path: string, heading: string][] = [
  ['/', await firstSlide('landing-home')],
  ['/kids', await firstSlide('landing-kids')],
  ['/adult', await firstSlide('landing-adult')],
  ['/musio_esatj', await firstSlide('landing-musio-esatj')],
  ['/plan', '料金プラン'],
  ['/plan/kodomo', (await plan('kodomo')).heading],
  ['/plan/otona', (await plan('otona')).heading],
  ['/plan/esatj', (await plan('esatj')).heading],
  ['/plantable', (await content.fetch<PlanTablePage>(planTablePageQuery)).title],
  ['/campaign', (await content.fetch<CampaignPage>(campaignPageQuery)).heading],
  ['/campaign-landing', (await content.fetch<CampaignPage>(campaignPageQuery)).heading],
  ['/timeline', (await timeline('')).heading],
  ['/timeline/kids', (await timeline('kids')).heading],
  ['/timeline/adult', (await timeline('adult')).heading],
  ['/timeline/musio_esatj', (await timeline('musio_esatj')).heading],
  ['/error', (await content.fetch<ErrorPage>(errorPageQuery)).heading],
  ['/faq', (await content.fetch<FaqPage>(faqPageQuery)).heading],
  ['/news', 'お知らせ'],
  [`/news/${news[0]!.slug}`, news[0]!.title],
];

for (const [path, heading] of routes) {
  test(`${path} renders its content, its navigation and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page);
  });
}

test('pages without an island load no script file', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  for (const path of ['/campaign', '/terms', '/timeline/kids', '/faq', '/news']) await page.goto(path);
  expect(scripts).toEqual([]);
});

test('landing pages show plan prices from the catalogue by option id', async ({ page }) => {
  await page.goto('/musio_esatj');
  await expect(page.locator('[data-plan-price="ESAT-J_Plan_3"]')).toHaveText('月額3,300円（税込）から');
});

test('an unknown /timeline/{tag} shows the default timeline', async ({ page }) => {
  const response = await page.goto('/timeline/unknown');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((await timeline('')).heading);
});

test('the carousel steps through its slides with its buttons', async ({ page }) => {
  await page.goto('/');
  const position = page.locator('[data-position]');
  await expect(position).toHaveText('1 / 3');
  // The buttons sit either side of the position, not at the screen's edges.
  const [previous, shown, next] = await Promise.all([page.getByRole('button', { name: '前のスライド' }).boundingBox(), position.boundingBox(), page.getByRole('button', { name: '次のスライド' }).boundingBox()]);
  expect(shown!.x - (previous!.x + previous!.width)).toBeLessThan(40);
  expect(next!.x - (shown!.x + shown!.width)).toBeLessThan(40);
  await page.getByRole('button', { name: '次のスライド' }).click();
  await expect(position).toHaveText('2 / 3');
  await page.getByRole('button', { name: '前のスライド' }).click();
  await expect(position).toHaveText('1 / 3');
});

test('a page of sections runs into the footer with no white band after its tinted last section', async ({ page }) => {
  for (const path of ['/', '/kids', '/plan/kodomo']) {
    await page.goto(path);
    // From the last section to the footer, every pixel row is on a tint: the section's, the
    // support link's row (on a phone) and the footer's own.
    const gaps = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const sections = main.querySelectorAll(':scope > section');
      const last = sections[sections.length - 1]!;
      const footer = document.querySelector('body > footer')!;
      // On a desktop the support link floats: its row is not drawn (display: contents).
      const between = [...main.children].slice([...main.children].indexOf(last)).filter((element) => element.getBoundingClientRect().height > 0);
      const white = (element: Element) => ['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)'].includes(getComputedStyle(element).backgroundColor);
      return {
        gap: Math.round(footer.getBoundingClientRect().top - between.at(-1)!.getBoundingClientRect().bottom),
        whiteRows: between.filter(white).map((element) => element.className),
      };
    });
    expect(gaps, path).toEqual({ gap: 0, whiteRows: [] });
  }
});

test('search engines get a sitemap, robots.txt, canonical URLs, Open Graph and structured data', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/kids', '/plan/esatj', '/campaign', '/timeline/musio_esatj', `/news/${news[0]!.slug}`, '/tokushoho']) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  expect(sitemap).not.toContain('/mypage');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Disallow: \/api\//);
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);

  await page.goto('/campaign-landing');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/campaign$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/cms\/images\/[0-9a-f]{40}-\d+x\d+\.svg$/);
  await page.goto('/faq');
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = data.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['FAQPage', 'Organization']));
});

test('the navbar is hidden on member routes; there it says who may log out', async ({ page, signIn }, info) => {
  await signIn(e2eMemberEmail('guard', info.project.name));
  await page.goto('/mypagere');
  await expect(page).toHaveURL('/mypagere');
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);
  // From 600 px the member menu is a side menu; on a phone a button opens it as a drawer.
  if (info.project.name === 'phone') await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('よくある質問');
  await expectAccessible(page);
  await page.goto('/kids');
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  if (info.project.name === 'phone') await nav.getByText('メニュー', { exact: true }).click();
  await expect(nav.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ログイン' })).toBeHidden();
});
