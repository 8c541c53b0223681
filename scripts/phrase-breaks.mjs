// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDefaultJapaneseParser } from 'budoux';

/**
 * Natural Japanese line breaks, decided at build time: BudouX splits the pages' text into phrases
 * and a <wbr> goes between them; CSS (`word-break: keep-all`) then breaks lines only there. The
 * browser does no segmentation work, and Safari and Firefox break as well as Chrome.
 * Scripts, styles and React islands are left alone (an island's markup must match its hydration).
 */
const SKIPPED = new Set(['script', 'style', 'astro-island', 'textarea', 'pre', 'title', 'template', 'svg', 'code']);
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
const parser = loadDefaultJapaneseParser();

/** @param {string} html */
export function insertPhraseBreaks(html) {
  const bodyStart = html.indexOf('<body');
  if (bodyStart < 0) return html;
  let out = html.slice(0, bodyStart);
  let skipDepth = 0;
  let last = bodyStart;
  const tag = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*>/g;
  tag.lastIndex = bodyStart;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const text = html.slice(last, match.index);
    out += skipDepth === 0 ? breakText(text) : text;
    out += match[0];
    last = tag.lastIndex;
    const name = match[2]?.toLowerCase() ?? '';
    if (SKIPPED.has(name) && !match[0].endsWith('/>')) skipDepth += match[1] ? -1 : 1;
  }
  return out + html.slice(last);
}

/** Hyphenated Latin words (ESAT-J, Wi-Fi) must not break at their hyphen. */
const HYPHENATED = /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g;
const HAS_HYPHENATED = /[A-Za-z0-9]-[A-Za-z0-9]/;

/** @param {string} text */
function breakText(text) {
  // Entities are left whole: a text with one is not split.
  if (text.includes('&') || !(JAPANESE.test(text) || HAS_HYPHENATED.test(text))) return text;
  const phrased = JAPANESE.test(text) ? parser.parse(text).join('<wbr>') : text;
  return phrased.replace(HYPHENATED, (word) => `<span class="whitespace-nowrap">${word}</span>`);
}

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
