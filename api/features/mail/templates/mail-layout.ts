import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, Fragment, type ReactNode } from 'react';
import type { SiteSettings } from '../../../../src/content/types.ts';
import type { MailBlock } from './layout.ts';

/**
 * The HTML of every mail, as React Email components (written with createElement: the server runs
 * .ts files directly, without a JSX step). Inline styles only, as mail clients need.
 */
const colours = { page: '#effcf9', ink: '#1f2933', brand: '#0e554b', button: '#0b8471', muted: '#52606d', rule: '#c9f5ec' };
const font = "'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif";

/** Line breaks in a text kept as <br>. */
function lines(text: string): ReactNode[] {
  return text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: `br${index}` }), line]));
}

function block(item: MailBlock, index: number): ReactNode {
  switch (item.kind) {
    case 'p':
      return h(Text, { key: index, style: { margin: '0 0 16px', lineHeight: '1.8', fontSize: '15px' } }, ...lines(item.text));
    case 'link':
      return h(
        Section,
        { key: index, style: { margin: '24px 0' } },
        h(Button, { href: item.url, style: { display: 'inline-block', padding: '12px 28px', borderRadius: '999px', background: colours.button, color: '#ffffff', fontWeight: 'bold', textDecoration: 'none' } }, item.label),
        h(Text, { style: { margin: '8px 0 16px', fontSize: '12px', color: colours.muted, wordBreak: 'break-all' } }, item.url),
      );
    case 'html':
      // Admin-written HTML, sanitized before it gets here (api/features/mail/sanitize.ts).
      return h('div', { key: index, style: { margin: '0 0 16px', lineHeight: '1.8' }, dangerouslySetInnerHTML: { __html: item.html } });
  }
}

/** The inbox preview: the start of the first text, else the subject. */
function previewOf(props: { subject: string; blocks: MailBlock[] }): string {
  const first = props.blocks.find((item) => item.kind !== 'link');
  return first && 'text' in first ? first.text.slice(0, 90) : props.subject;
}

export function MailLayout(props: { settings: SiteSettings; subject: string; greeting: string; blocks: MailBlock[]; signature: string[] }) {
  const preview = previewOf(props);
  return h(
    Html,
    { lang: 'ja' },
    h(Head, null, h('title', null, props.subject)),
    h(Preview, null, preview),
    h(
      Body,
      { style: { margin: 0, background: colours.page, fontFamily: font, color: colours.ink } },
      h(
        Container,
        { style: { maxWidth: '560px', margin: '0 auto', padding: '32px 24px', background: '#ffffff' } },
        h(Text, { style: { margin: '0 0 24px', fontSize: '20px', fontWeight: 'bold', color: colours.brand } }, props.settings.serviceName),
        h(Text, { style: { margin: '0 0 16px', fontSize: '15px' } }, props.greeting),
        h(Fragment, null, ...props.blocks.map(block)),
        h(Hr, { style: { border: 'none', borderTop: `1px solid ${colours.rule}`, margin: '32px 0 16px' } }),
        h(Text, { style: { margin: 0, fontSize: '12px', lineHeight: '1.8', color: colours.muted } }, ...lines(props.signature.join('\n'))),
      ),
    ),
  );
}
