import type { SiteSettings } from '../../../../src/content/types.ts';
import { escapeHtml } from '../../../../src/lib/html.ts';

/** A rendered mail: subject, plain text and HTML (every mail carries both). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, or a call-to-action link. */
/** `html` is admin-written HTML, already sanitized, with its text part. */
export type MailBlock = { kind: 'p'; text: string } | { kind: 'link'; label: string; url: string } | { kind: 'html'; html: string; text: string };

/**
 * Wraps a mail's blocks with the greeting and the sender's details from site settings, in
 * plain text and in simple, inline-styled HTML that mail clients render.
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
  const body = options.blocks
    .map((block) =>
      block.kind === 'html'
        ? `<div style="margin:0 0 16px;line-height:1.8">${block.html}</div>`
        : block.kind === 'p'
        ? `<p style="margin:0 0 16px;line-height:1.8">${escapeHtml(block.text).replaceAll('\n', '<br>')}</p>`
        : `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 28px;border-radius:999px;background:#0b8471;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#52606d;word-break:break-all">${escapeHtml(block.url)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#effcf9;font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;color:#1f2933"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff"><p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0e554b">${escapeHtml(settings.serviceName)}</p><p style="margin:0 0 16px">${escapeHtml(options.greeting)}</p>${body}<hr style="border:none;border-top:1px solid #c9f5ec;margin:32px 0 16px"><p style="margin:0;font-size:12px;line-height:1.8;color:#52606d">${signature.map(escapeHtml).join('<br>')}</p></div></body></html>`;
  return { subject, text, html };
}
