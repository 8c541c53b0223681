import type { SiteSettings } from '../../../../src/content/types.ts';
import { renderMailHtml } from './compiled.ts';

/** A rendered mail: subject, plain text and HTML (every mail carries both). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, a call-to-action link, or admin-written HTML (already sanitized) with its text part. */
export type MailBlock = { kind: 'p'; text: string } | { kind: 'link'; label: string; url: string } | { kind: 'html'; html: string; text: string };

/**
 * Wraps a mail's blocks with the greeting and the sender's details from site settings, in plain
 * text and in HTML rendered from React Email components (./mail-layout.ts): the one template system
 * of every mail of the product, service and advertising alike.
 */
export function renderMail(settings: SiteSettings, options: { subject: string; greeting: string; blocks: MailBlock[] }): MailContent {
  const subject = `【${settings.serviceName}】${options.subject}`;
  const signature = [
    settings.companyName,
    `〒${settings.postalCode} ${settings.companyAddress}`,
    `TEL: ${settings.phone}（${settings.officeHours}）`,
    `Email: ${settings.email}`,
  ];
  const text = [
    options.greeting,
    '',
    ...options.blocks.flatMap((block) => (block.kind === 'link' ? [`${block.label}`, block.url, ''] : [block.text, ''])),
    '――――――――――――――――',
    settings.serviceName,
    ...signature,
  ].join('\n');
  const html = renderMailHtml({ settings, subject, greeting: options.greeting, blocks: options.blocks, signature });
  return { subject, text, html };
}

/**
 * One mail to many readers that differ only in the greeting (mass mail, step mails). Rendering is
 * cheap once the layout's shape is cached (./compiled.ts), so each reader's mail is simply rendered.
 */
export function mailForEach(settings: SiteSettings, options: { subject: string; blocks: MailBlock[] }): (greeting: string) => MailContent {
  return (greeting) => renderMail(settings, { ...options, greeting });
}
