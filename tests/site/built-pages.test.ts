/**
 * Every page of the static build, parsed as a browser would: what a visitor reads never holds
 * markup or class-name fragments (a build step that edits HTML as text once printed
 * `first-child]:order-2">` on /kids), and the build's post-processing left scripts and islands as
 * Astro wrote them (each inline script still has the hash the page's CSP names).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from 'linkedom';
import { describe, expect, inject, it } from 'vitest';

const dist = inject('siteDist');
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => file.split(path.sep).join('/'))
  .sort();

/** Elements whose text is not shown as it stands. */
const HIDDEN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD']);
/** Attributes whose values a visitor reads or hears. */
const READ_ATTRIBUTES = ['alt', 'title', 'aria-label', 'placeholder', 'value'];

/** Patterns of HTML or Tailwind leaking into text, each with what it catches. */
const FRAGMENTS: [RegExp, string][] = [
  [/<\/?[a-z][a-z0-9-]*(?=[\s>/]|$)/i, 'a tag'],
  [/<!--|-->/, 'a comment'],
  [/"\s*\/?>|=\s*"/, 'an attribute'],
  [/&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);/i, 'an escaped entity (escaped twice)'],
  [/\[&|\]:|:\[|\b(?:sm|md|lg|xl|2xl|hover|focus|focus-visible|group-hover|peer-checked|first|last|dark):[a-z[&]/, 'a Tailwind variant'],
];

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html') as unknown as Document;

function textNodes(node: Element, out: string[] = []): string[] {
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out.push(child.nodeValue ?? '');
    else if (child.nodeType === 1 && !HIDDEN.has(child.nodeName)) textNodes(child as Element, out);
  }
  return out;
}

function problemsOf(html: string): string[] {
  const document = parse(html);
  const problems: string[] = [];
  const classNames = new Set<string>();
  for (const element of document.querySelectorAll('[class]')) {
    const value = element.getAttribute('class') ?? '';
    if (/[<>"]/.test(value.replaceAll('&>', ''))) problems.push(`class attribute holds markup: ${value.slice(0, 120)}`);
    for (const name of value.split(/\s+/)) if (/[-:[]/.test(name)) classNames.add(name);
  }
  const nodes = textNodes(document.body);
  const texts = [...nodes, nodes.join('')];
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && !(name === 'value' && element.nodeName !== 'BUTTON')) texts.push(value);
    }
  }
  // Text nodes are split by <wbr> and inline elements: each one is checked, and all of them joined.
  for (const text of texts) {
    for (const [pattern, what] of FRAGMENTS) {
      const match = pattern.exec(text);
      if (match) problems.push(`${what} in the text: …${text.slice(Math.max(0, match.index - 30), match.index + 40).trim()}…`);
    }
    for (const word of text.split(/[\s、。「」（）]+/)) {
      if (classNames.has(word)) problems.push(`a class name in the text: ${word}`);
    }
  }
  return [...new Set(problems)];
}

/** Hashes of the page's inline scripts that its CSP meta element does not name (it blocks those). */
function unhashedScripts(html: string): string[] {
  const document = parse(html);
  const policy = document.querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content') ?? '';
  return [...document.querySelectorAll('script:not([src])')]
    .filter((script) => ['', 'module', 'text/javascript'].includes(script.getAttribute('type') ?? '')) // JSON-LD is data
    .map((script) => `'sha256-${createHash('sha256').update(script.textContent ?? '').digest('base64')}'`)
    .filter((hash) => !policy.includes(hash));
}

describe('every built page', () => {
  it('is there to check', () => {
    expect(pages).toContain('index.html');
    expect(pages).toContain('kids/index.html');
    expect(pages.length).toBeGreaterThan(30);
  });

  for (const file of pages) {
    it(`/${file}: the visible text holds no markup or class names; scripts and islands are as built`, () => {
      const html = readFileSync(path.join(dist, file), 'utf8');
      expect(problemsOf(html)).toEqual([]);
      expect(unhashedScripts(html), 'inline scripts whose hash the CSP does not name').toEqual([]);
      const document = parse(html);
      for (const island of document.querySelectorAll('astro-island')) {
        // An island's own phrases (components/ui/Phrases.tsx) are React's, rendered the same when it hydrates.
        const buildTime = [...island.querySelectorAll('wbr, span.whitespace-nowrap')].filter((node) => !node.closest('.phrases'));
        expect(buildTime, 'build-time phrase breaks inside an island').toHaveLength(0);
      }
    });
  }
});

describe('the scripts of the build', () => {
  it('are production builds (React without its development warnings)', () => {
    const bundles = readdirSync(path.join(dist, '_astro')).filter((file) => file.endsWith('.js'));
    const code = bundles.map((file) => readFileSync(path.join(dist, '_astro', file), 'utf8')).join('\n');
    expect(code.includes('Minified React error'), 'the production build of React').toBe(true);
    expect(code.includes('will cause a hydration error'), 'a development warning of React').toBe(false);
  });
});

describe('the page-text check itself', () => {
  const page = (body: string) => `<!DOCTYPE html><html lang="ja"><head><title>t</title></head><body>${body}</body></html>`;

  it.each([
    ['the family-plan section of the first wave', '<div class="md:[&amp;>*:<span class="whitespace-nowrap">first-child</span>]:<span class="whitespace-nowrap">order-2</span>"><h2>ファミリープラン</h2></div>'],
    ['a tag printed as text', '<p>料金は&lt;span&gt;こちら</p>'],
    ['a closing attribute', '<p>order-2"&gt; ファミリー</p>'],
    ['an escaped entity', '<p>英語&amp;amp;数学</p>'],
    ['a class name of the page', '<p class="text-muted">text-muted プラン</p>'],
    ['an alt text with markup', '<img alt="子ども<wbr>の写真" src="/a.svg">'],
  ])('finds %s', (_, body) => {
    expect(problemsOf(page(body))).not.toEqual([]);
  });

  it('accepts Japanese copy with brackets, dates and hyphenated names', () => {
    const body = '<p class="text-muted">「英語が好き」になる。<wbr>Musio <span class="whitespace-nowrap">ESAT-J</span>（2026-04-01〜）1回25分 &lt;3 Q&amp;A</p><img alt="ヘッドホンをつけた子ども" src="/a.svg">';
    expect(problemsOf(page(body))).toEqual([]);
  });

  it('finds an inline script the CSP does not name', () => {
    const script = 'console.log(1)';
    const hash = createHash('sha256').update(script).digest('base64');
    const withPolicy = (policy: string) =>
      `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="script-src 'self' ${policy}"></head><body><script>${script}</script></body></html>`;
    expect(unhashedScripts(withPolicy(`'sha256-${hash}'`))).toEqual([]);
    expect(unhashedScripts(withPolicy("'sha256-AAAA'"))).toHaveLength(1);
  });
});

describe('the console pages', () => {
  // One page per section (src/pages/admin/[...session].astro): its HTML draws the section's heading
  // where the island draws it, so the heading paints with the page (issue 27).
  const sections: [string, string][] = [
    ['admin/index.html', '一斉メール送信'],
    ['admin/members/index.html', '会員'],
    ['admin/support/index.html', 'お問い合わせ'],
  ];
  for (const [file, heading] of sections) {
    it(`/${file} draws its section's heading and loading line before the console runs`, () => {
      const document = parse(readFileSync(path.join(dist, file), 'utf8'));
      const island = document.querySelector('astro-island');
      expect(island?.querySelector('h1#content')?.textContent).toBe(heading);
      expect(island?.querySelector('[role="status"]')?.textContent).toBe('読み込み中…');
      expect(document.querySelector('title')?.textContent).toMatch(new RegExp(`^${heading}｜管理画面`));
    });
  }
});

