import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MENU_ITEM_IDS } from '../../domain/member/menu.ts';
import { t, tf } from '../../i18n/ja.ts';
import { PhrasedText } from './PhrasedText.tsx';
import { Phrases, phrasesOf } from './Phrases.tsx';

describe('Phrases (where Japanese text on an island may break)', () => {
  it.each([
    ['a plain sentence keeps all its text, in order', 'お支払い済みの代金を全額返金します。'],
    ['an empty text has no phrase', ''],
  ])('%s', (_rule, text) => {
    expect(phrasesOf(text).join('')).toBe(text);
  });

  it.each([
    ['the terms: 「…といいます。」 and 「）は、」 stay together', 'この利用規約（以下「本規約」といいます。）は、当社が提供するサービスの利用条件を定めるものです。'],
    ['a plan notice: the closing bracket of the state stays with it', 'ご利用中のプラン（無料体験の開始待ち）の内容をご確認ください。'],
  ])('never starts a phrase with a closing mark nor ends one with an opening mark: %s', (_rule, text) => {
    const phrases = phrasesOf(text);
    expect(phrases.length).toBeGreaterThan(3);
    for (const phrase of phrases.slice(1)) expect(phrase).not.toMatch(/^[、。，．）」』】！？]/);
    for (const phrase of phrases) expect(phrase).not.toMatch(/[（「『【]$/);
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

  it('keeps a katakana word joined by 「・」 to a kanji word whole: the member menu breaks キッズ・大人プランの｜お申し込み, never after the dot', () => {
    expect(phrasesOf(t('mypage.item.registrationMe'))).toEqual(['キッズ・大人プランの', 'お申し込み']);
    const html = renderToStaticMarkup(createElement(PhrasedText, { phrases: phrasesOf(t('mypage.item.registrationMe')) }));
    expect(html).toBe('<span class="phrases"><span class="whitespace-nowrap">キッズ・大人プラン</span>の<wbr/>お申し込み</span>');
  });

  it('cuts every member-menu label into phrases that give back the label (MemberLayout does this when the page is built)', () => {
    for (const id of MENU_ITEM_IDS) expect(phrasesOf(t(`mypage.item.${id}`)).join('')).toBe(t(`mypage.item.${id}`));
  });
});
