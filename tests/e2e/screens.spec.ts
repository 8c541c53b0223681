import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../api/db/demo-accounts.ts';
import { SCREENS } from '../../scripts/screenshots.ts';
import { expect, hydrated, test } from './support/fixtures.ts';

/**
 * What a person would notice on every page, at 375 px (phone) and 1280 px (desktop), as a visitor,
 * the demo member and the demo admin (issue 27): no sideways scrolling, nothing covered by the
 * support button, no codes or English state names instead of Japanese, and lines of a readable
 * length.
 */

/** Codes and state names that must never reach the screen as they are. */
const RAW = /\b(kept|skipped|queued|pending|trialing|awaitingShipment|active|cancelled|canceled|failed|sent|undefined|null|NaN|true|false)\b|[a-z]+(?:\.[a-zA-Z]+){2,}|-ヶ月|\{[a-z]+\}/;
/** Japanese prose reads well up to about 45 characters a line; a line is measured in font sizes. */
const MAX_LINE_EMS = 48;

async function noticeable(page: Page) {
  return page.evaluate(
    ({ maxEms }) => {
      const doc = document.documentElement;
      const sideways = doc.scrollWidth > doc.clientWidth + 1 ? `${doc.scrollWidth}px wide in ${doc.clientWidth}px` : null;

      // The visible text, without what is hidden from everyone.
      const raw: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, template, [hidden], .sr-only, code, pre, [lang="en"], iframe, textarea')) continue;
        // Addresses and links are data, not codes.
        const text = (node.textContent ?? '').replace(/[\w.+-]+@[\w.-]+|https?:\/\/\S+/g, '');
        if (text.trim()) raw.push(text);
      }

      // Lines too long to read: paragraphs wider than MAX_LINE_EMS of their own font size.
      const wide: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('main p, main li, main dd')) {
        const text = (element.textContent ?? '').trim();
        if (text.length < 60 || element.closest('table, [role="dialog"]')) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (box.width / size > maxEms) wide.push(`${Math.round(box.width / size)}em: ${text.slice(0, 30)}`);
      }
      return { sideways, text: raw.join('\n'), wide };
    },
    { maxEms: MAX_LINE_EMS },
  );
}

/** What lies under the floating support button, scrolled through the page a screen at a time. */
async function coveredBySupportButton(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const fab = document.querySelector<HTMLElement>('.support-fab');
    if (!fab || getComputedStyle(fab).position !== 'fixed') return [];
    const covered = new Set<string>();
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      const box = fab.getBoundingClientRect();
      for (let x = box.left + 2; x < box.right - 2; x += 6) {
        for (let yy = box.top + 2; yy < box.bottom - 2; yy += 6) {
          for (const element of document.elementsFromPoint(x, yy)) {
            if (fab.contains(element) || element === document.body || element === document.documentElement) continue;
            if (element.matches('a, button, input, select, textarea, img, svg')) {
              covered.add(`${element.tagName.toLowerCase()} ${(element.textContent ?? '').trim().slice(0, 20)}`);
              continue;
            }
            // Text: the glyphs' own boxes, not the block's (a centred line beside the button is not under it).
            for (const child of element.childNodes) {
              if (child.nodeType !== Node.TEXT_NODE || !(child.textContent ?? '').trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(child);
              const hit = [...range.getClientRects()].some((rect) => rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom);
              if (hit) covered.add(`text ${(child.textContent ?? '').trim().slice(0, 20)}`);
            }
          }
        }
      }
      if (y + window.innerHeight >= document.documentElement.scrollHeight) break;
    }
    window.scrollTo(0, 0);
    return [...covered];
  });
}

const roles = [
  { role: 'visitor', account: undefined },
  { role: 'member', account: DEMO_MEMBER },
  { role: 'admin', account: DEMO_ADMIN },
] as const;

for (const { role, account } of roles) {
  test(`every ${role} page: no sideways scrolling, nothing under the support button, no codes, readable lines`, async ({ page, signIn }) => {
    test.setTimeout(SCREENS[role].length * 8_000);
    if (account) await signIn(account.email);
    const problems: string[] = [];
    for (const route of SCREENS[role]) {
      await page.goto(route);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const found = await noticeable(page);
      if (found.sideways) problems.push(`${route}: scrolls sideways (${found.sideways})`);
      const raw = RAW.exec(found.text);
      if (raw) problems.push(`${route}: shows "${raw[0]}"`);
      for (const line of found.wide) problems.push(`${route}: a line of ${line}`);
      for (const thing of await coveredBySupportButton(page)) problems.push(`${route}: the support button covers ${thing}`);
    }
    expect(problems).toEqual([]);
  });
}

test('the support button is not in the admin console', async ({ page, signIn }) => {
  await signIn(DEMO_ADMIN.email);
  await page.goto('/admin/members');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.support-fab')).toHaveCount(0);
});
