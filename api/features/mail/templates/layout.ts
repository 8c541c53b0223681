import type { SiteSettings } from '../../../../src/content/types.ts';
import { tf } from '../../../../src/i18n/ja.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MailLayout } from './mail-layout.ts';

/** A rendered mail: subject, plain text and HTML (every mail carries both). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, a call-to-action link, or admin-written HTML (already sanitized) with its text part. */
export type MailBlock = { kind: 'p'; text: string } | { kind: 'link'; label: string; url: string } | { kind: 'html'; html: string; text: string };

/** The line that sets the sender's details apart in a mail's text part. */
export const TEXT_RULE = '――――――――――――――――';

/** 「姓 名 様」: how every mail addresses a member (and the contract document names one). */
export function greeting(member: { lastName: string; firstName: string }): string {
  return tf('mail.greeting', { lastName: member.lastName, firstName: member.firstName });
}

/** The sender's postal address as mails and documents print it. */
export function senderAddress(settings: Pick<SiteSettings, 'postalCode' | 'companyAddress'>): string {
  return tf('mail.sender.address', { postalCode: settings.postalCode, address: settings.companyAddress });
}

/** The sender's details under every mail, from site settings: company, address, phone and hours, mail address. */
export function senderLines(settings: SiteSettings): string[] {
  return [settings.companyName, senderAddress(settings), tf('mail.sender.phone', { phone: settings.phone, officeHours: settings.officeHours }), tf('mail.sender.email', { email: settings.email })];
}

/**
 * Wraps a mail's blocks with the greeting and the sender's details from site settings, in plain
 * text and in HTML rendered from React Email components (./mail-layout.ts): the one template system
 * of every mail of the product, service and advertising alike. Every text comes from the message
 * catalogue (src/i18n/ja/); `greeting` is greeting(member) but for mail to staff.
 */
export function renderMail(settings: SiteSettings, options: { subject: string; greeting: string; blocks: MailBlock[] }): MailContent {
  const subject = tf('mail.subject', { service: settings.serviceName, subject: options.subject });
  const signature = senderLines(settings);
  const text = [
    options.greeting,
    '',
    ...options.blocks.flatMap((block) => (block.kind === 'link' ? [`${block.label}`, block.url, ''] : [block.text, ''])),
    TEXT_RULE,
    settings.serviceName,
    ...signature,
  ].join('\n');
  const html = `<!doctype html>${renderToStaticMarkup(MailLayout({ settings, subject, greeting: options.greeting, blocks: options.blocks, signature }))}`;
  return { subject, text, html };
}

/**
 * One mail to many members that differ only in the greeting (mass mail, step mails). Each member's
 * mail is simply rendered: React's production build takes about 0.03 ms a mail (docs/decisions/0044).
 */
export function mailForEach(settings: SiteSettings, options: { subject: string; blocks: MailBlock[] }): (member: { lastName: string; firstName: string }) => MailContent {
  return (member) => renderMail(settings, { ...options, greeting: greeting(member) });
}
