import { describe, expect, it } from 'vitest';
import { insertPhraseBreaks } from './phrase-breaks.mjs';

describe('phrase breaks at build time', () => {
  it('puts <wbr> between the phrases of Japanese text in the body', () => {
    const html = '<html><head><title>英語がもっと好きになる</title></head><body><h1>AIロボットと話して、英語がもっと好きになる</h1></body></html>';
    const out = insertPhraseBreaks(html);
    expect(out).toContain('<h1>AIロボットと<wbr>話して、<wbr>英語が<wbr>もっと<wbr>好きに<wbr>なる</h1>');
    expect(out).toContain('<title>英語がもっと好きになる</title>');
  });

  it('keeps hyphenated names such as ESAT-J in one piece, every time', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(insertPhraseBreaks('<body><h1>Musio ESAT-J のご利用の流れ</h1><p>ESAT-J</p></body>').match(/whitespace-nowrap/g)).toHaveLength(2);
    }
  });

  it('leaves scripts, styles, islands and entities alone', () => {
    const html =
      '<body><script>var s="英語がもっと好きになる"</script><astro-island><p>英語がもっと好きになる</p></astro-island><p>英語&amp;数学がもっと好きになる</p><p>Hello</p></body>';
    expect(insertPhraseBreaks(html)).toBe(html);
  });

  it('keeps the text a reader or a test sees', () => {
    const html = '<body><p class="x">毎日使う不織布マスクを、1箱50枚入りの特別価格でお届けします。</p></body>';
    expect(insertPhraseBreaks(html).replaceAll('<wbr>', '')).toBe(html);
    const named = '<body><p>Musio ESAT-Jの特長</p></body>';
    expect(insertPhraseBreaks(named).replace(/<wbr>|<span class="whitespace-nowrap">|<\/span>/g, '')).toBe(named);
  });
});
