import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createContentLoader } from '../../../../src/content/loader.ts';
import { readSiteSettings } from '../site-settings.ts';
import { renderMailHtml, type MailProps } from './compiled.ts';
import { senderLines, type MailBlock } from './layout.ts';
import { MailLayout } from './mail-layout.ts';

const settings = await readSiteSettings(createContentLoader());
const signature = senderLines(settings);
const react = (props: MailProps) => `<!doctype html>${renderToStaticMarkup(MailLayout(props))}`;
const mail = (blocks: MailBlock[], subject = '【Musio】お支払いを受け付けました', greeting = '山田 花子 様'): MailProps => ({ settings, subject, greeting, blocks, signature });

describe('mail HTML rendered once per shape', () => {
  it.each([
    ['a paragraph and a link', mail([{ kind: 'p', text: '10,780円をお支払いいただきました。' }, { kind: 'link', label: '領収書を見る', url: 'https://example.jp/receipts/1?a=1&b=2' }])],
    ['line breaks in a paragraph', mail([{ kind: 'p', text: '一行目\n二行目\n\n四行目' }])],
    ['markup and quotes in every text', mail([{ kind: 'p', text: `<script>alert("x")</script> & 'q'` }, { kind: 'link', label: '"<b>"', url: 'https://example.jp/?q="x"&r=<y>' }], `<件名> & "'"`, `<山田> & '花子'`)],
    ['admin HTML kept as it is', mail([{ kind: 'html', html: '<p>お知らせ<br/><a href="https://example.jp">詳しく</a></p>', text: 'お知らせ 詳しく' }])],
    ['no text block: the subject is the preview', mail([{ kind: 'link', label: 'ログイン', url: 'https://example.jp/login' }])],
    ['a preview at the 90-character cut', mail([{ kind: 'p', text: 'あ'.repeat(200) }])],
    ['a subject longer than the 150-character preview', mail([{ kind: 'link', label: 'x', url: 'https://example.jp' }], '件'.repeat(170))],
    ['an empty paragraph', mail([{ kind: 'p', text: '' }, { kind: 'p', text: 'second' }])],
    ['text that looks like a marker', mail([{ kind: 'p', text: '\uE0000\uE001 \uE002\uE002 $1 $& $$' }])],
    ['emoji and characters outside the BMP', mail([{ kind: 'p', text: '𠮷野家 🎉 ｶﾀｶﾅ' }])],
  ])('%s: byte for byte what React renders', (_, props) => {
    expect(renderMailHtml(props)).toBe(react(props));
  });

  it('the same shape with other texts gives each mail its own texts', () => {
    const first = mail([{ kind: 'p', text: '一通目' }, { kind: 'link', label: '見る', url: 'https://example.jp/1' }]);
    const second = mail([{ kind: 'p', text: '二通目' }, { kind: 'link', label: '見る', url: 'https://example.jp/2' }]);
    expect([renderMailHtml(first), renderMailHtml(second), renderMailHtml(first)]).toEqual([react(first), react(second), react(first)]);
  });
});
