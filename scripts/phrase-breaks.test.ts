import { createHash } from 'node:crypto';
import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { insertPhraseBreaks } from './phrase-breaks.mjs';

const page = (body: string, head = '<title>英語がもっと好きになる</title>') =>
  `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** What a reader sees: the body's text, with the break opportunities removed. */
const bodyText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent;

describe('phrase breaks at build time', () => {
  it('puts <wbr> between the phrases of Japanese text in the body, not in the title', () => {
    const out = insertPhraseBreaks(page('<h1>AIロボットと話して、英語がもっと好きになる</h1>'));
    expect(out).toContain('<h1>AIロボットと<wbr>話して、<wbr>英語が<wbr>もっと<wbr>好きに<wbr>なる</h1>');
    expect(out).toContain('<title>英語がもっと好きになる</title>');
  });

  it('finds the phrases across inline markup, as one paragraph', () => {
    const out = insertPhraseBreaks(page('<p>AIロボットと<strong>話して</strong>、英語がもっと好きになる</p>'));
    expect(out).toContain('<p>AIロボットと<strong><wbr>話して</strong>、<wbr>英語が<wbr>もっと<wbr>好きに<wbr>なる</p>');
  });

  it('keeps hyphenated names such as ESAT-J in one piece, every time', () => {
    for (let i = 0; i < 3; i += 1) {
      const out = insertPhraseBreaks(page('<h1>Musio ESAT-J のご利用の流れ</h1><p>ESAT-J</p><button type="button">ESAT-Jを選ぶ</button>'));
      expect(out.match(/<span class="whitespace-nowrap">ESAT-J<\/span>/g)).toHaveLength(3);
    }
  });

  it('keeps katakana words joined by 「・」 in one piece (the browser breaks after the dot even under keep-all)', () => {
    const out = insertPhraseBreaks(page('<p>8日以内であれば、クーリング・オフにより無条件で契約を解除できます。</p><h2>クーリング・オフ</h2>'));
    expect(out.match(/<span class="whitespace-nowrap">クーリング・オフ<\/span>/g)).toHaveLength(2);
    expect(out).not.toMatch(/クーリング・<wbr>|・<\/span><wbr>/);
  });

  it.each([
    ['a closing bracket after 「。」 stays on its line (the terms: 「…といいます。」｜「）は、」)', 'この利用規約（以下「本規約」といいます。）は、株式会社ミュージオ・ラーニングが提供するサービスの利用条件を定めるものです。'],
    ['「、」 and 「。」 stay with the phrase before them', '話す練習相手は、いつでもMusio。旅行も仕事も、目的別の教材で。'],
    ['an opening bracket stays with what it opens', '本サービス（以下「本サービス」）の料金は、「料金プラン」のとおりです。'],
    ['a number stays with its counter (the adult page cut 「1回25｜分から」)', '大人の英会話は、1回25分からはじめよう。月額3,300円から、毎月4冊の教材が届きます。'],
  ])('never puts a break before a closing mark, after an opening one or inside a number: %s', (_rule, text) => {
    const out = insertPhraseBreaks(page(`<p>${text}</p>`));
    expect(out).toContain('<wbr>');
    expect(out).not.toMatch(/<wbr>[、。，．）」』】！？]|[（「『【]<wbr>|[0-9]<wbr>[0-9,分回円冊]/);
    expect(bodyText(out)).toBe(text);
  });

  it.each([
    ['a time range', '受付時間は平日11:00〜19:00です。', '11:00〜19:00'],
    ['a range of business days', 'お問い合わせには2〜3営業日以内に回答します。', '2〜3営業日'],
    ['a count of months', 'はじめて英語にふれるお子さまにおすすめの、12か月じっくり続けるプランです。', '12か月'],
    ['a range of parts', 'パートA〜Dのそれぞれに100回分以上の模擬テスト。', 'A〜D'],
  ])('keeps %s whole', (_rule, text, whole) => {
    const out = insertPhraseBreaks(page(`<p>${text}</p>`));
    expect(out).toContain(`<span class="whitespace-nowrap">${whole}</span>`);
    expect(bodyText(out)).toBe(text);
  });

  it('never writes into an attribute, even one holding ">" (the family-plan section of /kids)', () => {
    const section =
      '<div class="grid md:grid-cols-2 md:[&amp;>*:first-child]:order-2" data-note="英語がもっと好きになる ESAT-J"><h2>ファミリープラン</h2><img alt="ヘッドホンをつけて英語で話す子ども" src="/a.svg"></div>';
    const out = insertPhraseBreaks(page(section));
    const div = new DOMParser().parseFromString(out, 'text/html').querySelector('div')!;
    expect(div.getAttribute('class')).toBe('grid md:grid-cols-2 md:[&>*:first-child]:order-2');
    expect(div.getAttribute('data-note')).toBe('英語がもっと好きになる ESAT-J');
    expect(div.querySelector('img')!.getAttribute('alt')).toBe('ヘッドホンをつけて英語で話す子ども');
    expect(div.children).toHaveLength(2);
    expect(div.textContent).toBe('ファミリープラン');
  });

  it('leaves scripts, styles, islands and templates alone, byte for byte', () => {
    const script = 'var s="英語がもっと好きになる"; if (1 < 2 && s) {}';
    const island =
      '<astro-island uid="Z1" props="{&quot;a&quot;:[0,&quot;英語が好き&quot;]}" ssr="" client="load"><p>英語がもっと好きになる ESAT-J</p><template data-astro-template="">英語がもっと好きになる</template></astro-island>';
    const out = insertPhraseBreaks(page(`<script>${script}</script><style>p::after{content:"英語がもっと好きになる"}</style>${island}`));
    expect(out).toContain(`<script>${script}</script>`);
    expect(out).toContain('<style>p::after{content:"英語がもっと好きになる"}</style>');
    expect(out).toContain(island);
  });

  it('keeps inline scripts hashed by the CSP unchanged', () => {
    const script = 'document.documentElement.dataset.x="英語がもっと好きになる"';
    const hash = createHash('sha256').update(script).digest('base64');
    const out = insertPhraseBreaks(page(`<p>英語がもっと好きになる</p><script>${script}</script>`));
    const found = new DOMParser().parseFromString(out, 'text/html').querySelector('script')!.textContent;
    expect(createHash('sha256').update(found).digest('base64')).toBe(hash);
  });

  it('keeps the text a reader or a test sees, entities included', () => {
    const body = '<p class="x">毎日使う不織布マスクを、1箱50枚入りの特別価格でお届けします。</p><p>英語&amp;数学が &lt;もっと&gt; 好きになる</p><p>Musio ESAT-Jの特長</p><p>Hello, world</p>';
    const out = insertPhraseBreaks(page(body));
    expect(bodyText(out)).toBe(bodyText(page(body)));
    expect(out).toContain('<p>英語&amp;数学が<wbr> &lt;もっと<wbr>&gt; 好きに<wbr>なる</p>');
    expect(out).toContain('<p>Hello, world</p>');
  });
});
