import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { requestSessionCookies } from './session-channel.ts';

/**
 * Signs an account in without the form (epic-stack's `login` fixture): the e2e server makes the
 * session as a sign-in does, and the browser gets the same cookies (the HttpOnly session and the
 * `signed_in` hint). The test's own browser context unless another page or context is given. The
 * journeys about signing in (tests/e2e/accounts.spec.ts, the admin's second factor) use the form.
 */
export type SignIn = (email: string, where?: Page | BrowserContext) => Promise<void>;

/**
 * The browser tests' `test`: every page fails its test on an uncaught script error or a Content
 * Security Policy violation, and `expectAccessible` runs axe (WCAG 2.1 A and AA); `signIn` above.
 */
export const test = base.extend<{ signIn: SignIn }>({
  // Each test is its own visitor with its own address, as people are: the per-address limits
  // (ten sign-ups an hour) apply to each test instead of to the whole suite.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
  extraHTTPHeaders: async ({}, use, info) => {
    await use({ 'x-forwarded-for': visitorAddress(info.testId + info.project.name) });
  },
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
    });
    await use(page);
    expect(problems, 'script errors or CSP violations on the page').toEqual([]);
  },
  signIn: async ({ context, baseURL }, use) => {
    await use(async (email, where = context) => {
      const target = 'addCookies' in where ? where : where.context();
      await target.addCookies(await requestSessionCookies(baseURL!, email));
    });
  },
});

export { expect };

/** An address in the range reserved for network tests (198.18.0.0/15), from the test's id. */
function visitorAddress(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `198.${18 + (hash & 1)}.${(hash >>> 8) & 255}.${(hash >>> 16) & 255}`;
}

/**
 * axe over the page once its reads have answered (settled): a region still loading is dimmed or
 * half-drawn, and axe would judge that moment rather than what the person reads. A fully sandboxed
 * frame (the mass-mail preview: admin-written mail HTML, no scripts allowed) cannot be entered by
 * axe, which then waits forever: such frames are left out.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe[sandbox=""]').analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  expect(violations, `axe found accessibility problems on ${page.url()}`).toEqual([]);
}

/** The green (event) and red (error) snackbars. */
export function snackbar(page: Page, kind: 'event' | 'error') {
  return page.locator(kind === 'event' ? '#snackbar-event' : '#snackbar-error');
}

/** Waits until every island on the page has hydrated (Astro removes `ssr` then): typing before that may be lost. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * The page's reads have answered: nothing in `main` is aria-busy. A console table read again (a
 * search, a page) keeps the last answer in place, dimmed, until the new one arrives: rows found
 * before this may be the last answer's, and axe would count the dimmed text's contrast.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** Fills the sign-up form (once the form has hydrated): 山田 花子, born April 2012 unless told. */
export async function fillSignUp(page: Page, values: { email: string; password?: string }): Promise<void> {
  await hydrated(page);
  await page.getByRole('textbox', { name: '姓' }).fill('山田');
  await page.getByRole('textbox', { name: '名', exact: true }).fill('花子');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(values.email);
  await page.getByLabel('パスワード', { exact: true }).fill(values.password ?? 'eigo2026');
  await page.getByLabel('生まれた年').selectOption('2012');
  await page.getByLabel('生まれた月').selectOption('04');
}
