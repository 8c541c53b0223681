import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The browser tests' `test`: every page fails its test on an uncaught script error or a Content
 * Security Policy violation, and `expectAccessible` runs axe (WCAG 2.1 A and AA).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
    });
    await use(page);
    expect(problems, 'script errors or CSP violations on the page').toEqual([]);
  },
});

export { expect };

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
