// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTMLProcessor } from 'budoux';
import { DOMParser } from 'linkedom';
import { JapaneseLineParser } from '../src/lib/line-rules.mjs';
import { WHOLE_WORDS } from '../src/lib/whole-words.mjs';

/**
 * Natural Japanese line breaks, decided at build time: BudouX splits the pages' text into phrases
 * and a <wbr> goes between them; CSS (`word-break: keep-all`, src/styles/global.css) then breaks
 * lines only there. The browser does no segmentation work, and Safari and Firefox break as well
 * as Chrome.
 *
 * The page is parsed into a DOM (linkedom, the parser BudouX itself uses on Node) and BudouX's own
 * HTML processor walks it, so only text nodes change: attributes, scripts, styles and React islands
 * are never touched (an island's markup must match its hydration; a script must keep the hash the
 * page's CSP names).
 */

/** Elements BudouX leaves alone beyond its own list (script, style, head, form controls, code…). */
const SKIPPED = new Set(['ASTRO-ISLAND', 'ASTRO-SLOT', 'TEMPLATE', 'SVG', 'svg', 'PRE', 'TEXTAREA', 'NOSCRIPT']);
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
const NOWRAP_CLASS = 'whitespace-nowrap';

/** BudouX's Japanese model, without the boundaries the line rules forbid (src/lib/line-rules.mjs). */
const parser = new JapaneseLineParser();

/** BudouX's processor, told which elements of our pages are off limits and that CSS does the wrapping. */
class PageProcessor extends HTMLProcessor {
  /**
   * @override
   * @param {HTMLElement | DocumentFragment} element
   * @param {any} [parent]
   */
  *getBlocks(element, parent) {
    if (SKIPPED.has(element.nodeName)) return;
    yield* super.getBlocks(element, parent);
  }

  /**
   * @override
   * @param {any} paragraph
   */
  applyToParagraph(paragraph) {
    // Latin-only text keeps the browser's own word breaks.
    if (JAPANESE.test(paragraph.text)) super.applyToParagraph(paragraph);
  }

  /**
   * The global stylesheet sets `word-break: keep-all` on every Japanese element: no inline style
   * (which the CSP would refuse anyway).
   * @override
   */
  applyBlockStyle() {
    return;
  }
}

/** @param {string} html a whole page */
export function insertPhraseBreaks(html) {
  const document = /** @type {Document} */ (/** @type {unknown} */ (new DOMParser().parseFromString(html, 'text/html')));
  const body = document.body;
  if (!body) return html;
  const wbr = document.createElement('wbr');
  keepWordsWhole(document, body);
  new PageProcessor(parser, { separator: wbr }).applyToElement(body);
  // A break opportunity inside a no-wrap span would do nothing: leave the markup clean.
  for (const span of body.querySelectorAll(`span.${NOWRAP_CLASS}`)) {
    if (span.closest('astro-island')) continue;
    for (const inner of span.querySelectorAll('wbr')) inner.remove();
    span.normalize();
  }
  moveStylesToHead(document);
  return document.toString();
}

/**
 * Astro writes its island style (`astro-island{display:contents}`) into the body before the first
 * island; HTML allows `style` there only as a first child (the Nu checker's error). The same rule
 * in the head applies the same, and its CSP hash is unchanged.
 * @param {Document} document
 */
export function moveStylesToHead(document) {
  if (!document.head || !document.body) return;
  for (const style of document.body.querySelectorAll('style')) {
    if (style.closest('template, svg')) continue;
    document.head.appendChild(style);
  }
}

/**
 * Wraps every whole word of the visible text (WHOLE_WORDS) in a no-wrap span.
 * @param {Document} document
 * @param {Element} root
 */
function keepWordsWhole(document, root) {
  for (const text of textNodes(root)) {
    const value = text.nodeValue ?? '';
    if (value.search(WHOLE_WORDS) === -1) continue;
    if (/** @type {Element} */ (text.parentNode).classList?.contains(NOWRAP_CLASS)) continue;
    const parts = [];
    let last = 0;
    for (const match of value.matchAll(WHOLE_WORDS)) {
      if (match.index > last) parts.push(document.createTextNode(value.slice(last, match.index)));
      const span = document.createElement('span');
      span.className = NOWRAP_CLASS;
      span.textContent = match[0];
      parts.push(span);
      last = match.index + match[0].length;
    }
    if (last < value.length) parts.push(document.createTextNode(value.slice(last)));
    text.replaceWith(...parts);
  }
}

/**
 * The text nodes of root outside skipped elements (button labels included: they wrap too).
 * @param {Node} root
 * @returns {Text[]}
 */
function textNodes(root) {
  /** @type {Text[]} */
  const found = [];
  for (const child of root.childNodes) {
    if (child.nodeType === 3) found.push(/** @type {Text} */ (child));
    else if (child.nodeType === 1 && !SKIPPED.has(child.nodeName) && !RAW_TEXT.has(child.nodeName)) found.push(...textNodes(child));
  }
  return found;
}

/** Elements whose text is not laid out as inline content, or may not hold a span. */
const RAW_TEXT = new Set(['SCRIPT', 'STYLE', 'TITLE', 'CODE', 'SELECT', 'OPTION', 'DATALIST']);

/** @returns {import('astro').AstroIntegration} */
export default function phraseBreaks() {
  return {
    name: 'phrase-breaks',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(root, file);
            await writeFile(full, insertPhraseBreaks(await readFile(full, 'utf8')));
          }),
        );
        logger.info(`phrase breaks in ${files.length} pages`);
      },
    },
  };
}
