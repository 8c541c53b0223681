import path from 'node:path';
import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { createContentLoader } from '../content/loader.ts';
import { legalPagesQuery } from '../content/queries.ts';
import { renderPortableText, type PortableTextValue } from './portable-text.ts';

let keys = 0;
const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: `s${(keys += 1)}`, text, marks });
const block = (text: string, extra: Record<string, unknown> = {}, markDefs: unknown[] = []) => ({
  _type: 'block',
  _key: `b${(keys += 1)}`,
  style: 'normal',
  markDefs,
  children: [span(text)],
  ...extra,
});
const item = (text: string, listItem: 'bullet' | 'number', level = 1) => block(text, { listItem, level });
const parse = (html: string) => new DOMParser().parseFromString(`<!DOCTYPE html><html><body>${html}</body></html>`, 'text/html') as unknown as Document;

describe('Portable Text to HTML', () => {
  it.each([
    ['a paragraph', [block('本文です')], '<p>本文です</p>'],
    ['a level-2 heading', [block('第1条（適用）', { style: 'h2' })], '<h2 class="pt-4 text-xl text-brand-800">第1条（適用）</h2>'],
    ['a level-3 heading', [block('対象', { style: 'h3' })], '<h3 class="pt-2 text-lg text-brand-800">対象</h3>'],
    ['escaped text', [block('<script>alert(1)</script> & "引用"')], '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;引用&quot;</p>'],
    ['a line break', [block('1行目\n2行目')], '<p>1行目<br>2行目</p>'],
    ['consecutive items as one list', [item('一', 'bullet'), item('二', 'bullet')], '<ul class="list-disc space-y-1 pl-6"><li>一</li><li>二</li></ul>'],
    ['a numbered list', [item('一', 'number'), item('二', 'number')], '<ol class="list-decimal space-y-1 pl-6"><li>一</li><li>二</li></ol>'],
  ])('renders %s', (_, blocks, html) => {
    expect(renderPortableText(blocks as PortableTextValue)).toBe(html);
  });

  it('renders bold and italic spans', () => {
    const value = [{ ...block(''), children: [span('通常'), span('太字', ['strong']), span('斜体', ['em'])] }];
    expect(renderPortableText(value)).toBe('<p>通常<strong>太字</strong><em>斜体</em></p>');
  });

  it.each([
    ['https://example.jp/a?b=1&c=2', '<a class="underline" href="https://example.jp/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">リンク</a>'],
    ['mailto:support@example.jp', '<a class="underline" href="mailto:support@example.jp">リンク</a>'],
    ['tel:0120-000-000', '<a class="underline" href="tel:0120-000-000">リンク</a>'],
    ['/faq', '<a class="underline" href="/faq">リンク</a>'],
    ['javascript:alert(1)', 'リンク'],
    ['data:text/html,x', 'リンク'],
    ['faq', 'リンク'],
  ])('links %s safely', (href, html) => {
    const value = [{ ...block(''), markDefs: [{ _type: 'link', _key: 'l1', href }], children: [span('リンク', ['l1'])] }];
    expect(renderPortableText(value)).toBe(`<p>${html}</p>`);
  });

  it('nests a level-2 list inside the item before it and goes on counting after it', () => {
    const html = renderPortableText([
      item('第1項', 'number'),
      item('号の一', 'bullet', 2),
      item('号の二', 'bullet', 2),
      item('第2項', 'number'),
      item('第3項', 'number'),
    ]);
    expect(html).toBe(
      '<ol class="list-decimal space-y-1 pl-6"><li>第1項<ul class="mt-1 list-disc space-y-1 pl-6"><li>号の一</li><li>号の二</li></ul></li><li>第2項</li><li>第3項</li></ol>',
    );
  });

  it('refuses a block type or style the schema does not define, instead of dropping it', () => {
    expect(() => renderPortableText([block('引用', { style: 'blockquote' })])).toThrow(/blockquote/);
    expect(() => renderPortableText([{ _type: 'video', _key: 'v1' }])).toThrow(/video/);
  });
});

describe('the terms of use (seed content)', () => {
  it('numbers the refund article 1 to 4, its two cases as bullets inside item 1', async () => {
    const loader = createContentLoader({ env: {}, root: path.resolve(import.meta.dirname, '../..') });
    const pages = await loader.fetch<{ slug: string; body: PortableTextValue }[]>(legalPagesQuery);
    const terms = pages.find((page) => page.slug === 'terms')!;
    const document = parse(renderPortableText(terms.body));
    const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent?.startsWith('第14条'))!;
    const list = heading.nextElementSibling!;
    expect(list.nodeName).toBe('OL');
    const items = [...list.children];
    expect(items.map((li) => li.nodeName)).toEqual(['LI', 'LI', 'LI', 'LI']);
    expect(items[0]!.querySelectorAll(':scope > ul > li')).toHaveLength(2);
    expect(items[1]!.textContent).toMatch(/^返金額は/);
    expect(items[3]!.textContent).toMatch(/^返金は、決済に使用した/);
    // Every nested list in the terms sits inside an item: no list restarts its numbering.
    for (const nested of document.querySelectorAll('ol ul, ol ol, ul ul')) expect(nested.parentElement!.nodeName).toBe('LI');
  });
});
