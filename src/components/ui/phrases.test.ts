import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { tf } from '../../i18n/ja.ts';
import { Phrases, phrasesOf } from './Phrases.tsx';

describe('Phrases (where Japanese text on an island may break)', () => {
  it.each([
    ['a plain sentence keeps all its text, in order', 'お支払い済みの代金を全額返金します。'],
    ['an empty text has no phrase', ''],
  ])('%s', (_rule, text) => {
    expect(phrasesOf(text).join('')).toBe(text);
  });

  it('keeps katakana words joined by 「・」 and hyphenated names whole, on every day of the month (the browser broke after the dot)', () => {
    for (let day = 1; day <= 31; day += 1) {
      const lead = tf('coolingOff.lead', { date: `2026年12月${day}日`, amount: '2,200円（税込）' });
      const html = renderToStaticMarkup(createElement(Phrases, { children: `${lead} ESAT-Jも同じです。` }));
      expect(html).toContain('<span class="whitespace-nowrap">クーリング・オフ</span>');
      expect(html).toContain('<span class="whitespace-nowrap">ESAT-J</span>');
      expect(html.match(/<wbr\/>/g)!.length).toBeGreaterThan(5);
      expect(html.replace(/<[^>]+>/g, '')).toBe(`${lead} ESAT-Jも同じです。`);
    }
  });
});
