import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../api/db/demo-accounts.ts';
import { SCREENS } from '../../scripts/screenshots.ts';
import { expect, hydrated, test } from './support/fixtures.ts';

/**
 * What a person would notice on every page, at 375 px (phone) and 1280 px (desktop), as a visitor,
 * the demo member and the demo admin (issue 27): no sideways scrolling, nothing covered by the
 * support button, no codes or English state names instead of Japanese, lines of a readable
 * length, and no line that begins with 「、」, 「。」, a closing bracket or the rest of a number.
 */

/** Codes and state names that must never reach the screen as they are. */
const RAW = /\b(kept|skipped|queued|pending|trialing|awaitingShipment|active|cancelled|canceled|failed|sent|undefined|null|NaN|true|false)\b|[a-z]+(?:\.[a-zA-Z]+){2,}|-か月|\{[a-z]+\}/;
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
      // The text an element lays out in its own lines: its text and inline children, not the
      // paragraphs of a list item used as a box (a carousel's slide).
      const ownText = (element: Element) =>
        [...element.childNodes]
          .filter((child) => child.nodeType === Node.TEXT_NODE || (child instanceof Element && getComputedStyle(child).display.startsWith('inline')))
          .map((child) => child.textContent ?? '')
          .join('');
      for (const element of document.querySelectorAll<HTMLElement>('main p, main li, main dd')) {
        const text = ownText(element).trim();
        if (text.length < 60 || element.closest('table, [role="dialog"]')) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (box.width / size > maxEms) wide.push(`${Math.round(box.width / size)}em: ${text.slice(0, 30)}`);
      }
      // Lines that begin with a closing mark: Japanese never starts a line with 「、」「。」 or a
      // closing bracket (a box too narrow for a phrase cut it anywhere, or a sentence in an island
      // had no break opportunity in it); and numbers cut in two.
      const closingFirst: string[] = [];
      const range = document.createRange();
      const blockOf = (element: Element): Element => {
        let block: Element = element;
        while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        return block;
      };
      const topOf = (node: Node, index: number) => {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        return rect && rect.width > 0 ? rect.top + rect.height / 2 : undefined;
      };
      let previous: { node: Text; block: Element } | undefined;
      const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
        const parent = node.parentElement;
        const text = node.data;
        if (!parent || !text.trim() || parent.closest('script, style, template, [hidden], .sr-only, svg, textarea')) continue;
        const block = blockOf(parent);
        // A number split across lines (「1｜2か月」, 「46,2｜00円」) is as wrong; an email address or
        // a link may break anywhere.
        const numbers = /@|:\/\//.test(text) ? '' : '|(?<=[0-9])[0-9,]';
        for (const match of text.matchAll(new RegExp(`[、。，．）」』】！？]${numbers}`, 'g'))) {
          const index = match.index;
          const before = index > 0 ? { node, index: index - 1 } : previous?.block === block ? { node: previous.node, index: previous.node.data.length - 1 } : undefined;
          if (!before) continue;
          const [top, beforeTop] = [topOf(node, index), topOf(before.node, before.index)];
          if (top !== undefined && beforeTop !== undefined && top > beforeTop + 4) closingFirst.push(`…${text.slice(Math.max(0, index - 10), index)}｜${text.slice(index, index + 8)}`);
        }
        previous = { node, block };
      }
      // A console table stacked on a phone: everything a cell holds stays beside its label (a
      // date's time once wrapped under it).
      const underLabel: string[] = [];
      for (const cell of document.querySelectorAll<HTMLElement>('.stack-table td[data-label]')) {
        const label = getComputedStyle(cell, '::before');
        if (getComputedStyle(cell).display === 'table-cell' || label.content === 'none') continue;
        const labelStart = label.position === 'absolute' ? parseFloat(label.left) : parseFloat(getComputedStyle(cell).paddingLeft);
        const labelEnd = cell.getBoundingClientRect().left + labelStart + parseFloat(label.width);
        range.selectNodeContents(cell);
        if ([...range.getClientRects()].some((rect) => rect.width > 0 && rect.left < labelEnd)) underLabel.push(`${cell.dataset.label}: ${(cell.textContent ?? '').trim().slice(0, 20)}`);
      }
      // Controls inside their box's padding: a search field or a select wider than its column ran
      // past the page's right margin (without scrolling the page) on a phone. The box is the
      // nearest one around the control with a padding; a control in a scrolling box may go on.
      const pastMargin: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>('main :is(input:not([type="radio"]):not([type="checkbox"]), select, textarea, button)')) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || control.closest('[hidden], .sr-only, [role="dialog"]')) continue;
        let around = control.parentElement;
        while (around && parseFloat(getComputedStyle(around).paddingRight) < 8 && !/auto|scroll|hidden/.test(getComputedStyle(around).overflowX)) around = around.parentElement;
        if (!around || /auto|scroll|hidden/.test(getComputedStyle(around).overflowX)) continue;
        const innerRight = around.getBoundingClientRect().right - parseFloat(getComputedStyle(around).paddingRight);
        if (box.right > innerRight + 1) pastMargin.push(`${control.tagName.toLowerCase()} ${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 20)} runs ${Math.round(box.right - innerRight)}px past its box`);
      }
      // A select whose chosen text does not fit it (「選択してくだ」).
      const pen = document.createElement('canvas').getContext('2d')!;
      for (const select of document.querySelectorAll<HTMLSelectElement>('main select')) {
        const style = getComputedStyle(select);
        if (select.getBoundingClientRect().width === 0) continue;
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.text ?? '';
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (pen.measureText(text).width > room + 1) pastMargin.push(`select showing 「${text}」 cut to ${Math.round(room)}px`);
      }
      return { sideways, text: raw.join('\n'), wide, closingFirst, underLabel, pastMargin };
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
  test(`every ${role} page: no sideways scrolling, nothing under the support button, no codes, readable lines, no line begun by a closing mark or a split number`, async ({ page, signIn, baseURL }) => {
    test.setTimeout(SCREENS[role].length * 8_000);
    if (account) await signIn(account.email);
    if (role === 'admin') {
      // An announcement, so its table is drawn (dates with their times, the row's radio).
      const made = await page.request.post('/api/v2/admin/announcements', {
        data: { title: '年末年始のレッスンについて', description: '12月29日から1月3日まではレッスンをお休みします。', is_visible: false, need_send_mail: false },
        headers: { origin: baseURL! },
      });
      expect(made.ok()).toBe(true);
    }
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
      for (const control of found.pastMargin) problems.push(`${route}: a control does not fit its place: ${control}`);
      for (const cell of found.underLabel) problems.push(`${route}: a stacked cell's content runs under its label: ${cell}`);
      for (const line of found.closingFirst) problems.push(`${route}: a line begins with a closing mark or a number's second half: ${line}`);
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
