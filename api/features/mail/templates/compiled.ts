import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteSettings } from '../../../../src/content/types.ts';
import type { MailBlock } from './layout.ts';
import { MailLayout, previewOf } from './mail-layout.ts';

/**
 * The HTML of a mail, rendered by React once per shape and filled in per mail. React takes about
 * 4 ms a mail in its development build (0.2 ms in production), and the billing clock and mass mail
 * render thousands at once. A shape is what changes the markup besides the texts: the site
 * settings, the kinds of the blocks, and the preview's length (React Email pads the preview to 150
 * characters). The shape is rendered with markers where the texts go; each mail replaces them with
 * its texts escaped as React escapes them. compiled.test.ts checks the result is byte for byte
 * what React renders.
 */
export interface MailProps {
  settings: SiteSettings;
  subject: string;
  greeting: string;
  blocks: MailBlock[];
  signature: string[];
}

/**
 * Markers of private-use characters: they never occur in the layout or the settings, and React
 * leaves them as they are. The preview's marker is as long as the preview, for React Email's padding.
 */
const marker = (n: number) => `\uE000${n}\uE001`;
const PREVIEW = '\uE002';
const markers = /\uE000(\d+)\uE001|\uE002+/g;
const PREVIEW_MAX_LENGTH = 150;
const MAX_SHAPES = 500;
const shapes = new WeakMap<SiteSettings, Map<string, string>>();

export function renderMailHtml(props: MailProps): string {
  const values: string[] = [];
  const slot = (html: string) => marker(values.push(html) - 1);
  const preview = previewOf(props).slice(0, PREVIEW_MAX_LENGTH);
  const blocks: MailBlock[] = props.blocks.map((block) => {
    if (block.kind === 'p') return { kind: 'p', text: slot(escapeLines(block.text)) };
    if (block.kind === 'link') return { kind: 'link', url: slot(escapeHtml(block.url)), label: slot(escapeHtml(block.label)) };
    return { kind: 'html', html: slot(block.html), text: '' };
  });
  const shaped = { ...props, subject: slot(escapeHtml(props.subject)), greeting: slot(escapeHtml(props.greeting)), blocks, preview: PREVIEW.repeat(preview.length) };
  const key = `${props.blocks.map((block) => block.kind).join(',')}|${preview.length}|${props.signature.join('\n')}`;
  let bySettings = shapes.get(props.settings);
  if (!bySettings) shapes.set(props.settings, (bySettings = new Map()));
  let template = bySettings.get(key);
  if (template === undefined) {
    // The markers stand in for the texts; numbered as above, so one template serves every mail of the shape.
    template = `<!doctype html>${renderToStaticMarkup(MailLayout(shaped))}`;
    if (bySettings.size >= MAX_SHAPES) bySettings.clear();
    bySettings.set(key, template);
  }
  const previewHtml = escapeHtml(preview);
  return template.replace(markers, (_, index: string | undefined) => (index === undefined ? previewHtml : values[Number(index)]!));
}

/** React's text escaping (react-dom's escapeTextForBrowser). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!);
}

/** A text whose line breaks the layout renders as <br/>. */
function escapeLines(text: string): string {
  return text.split('\n').map(escapeHtml).join('<br/>');
}
