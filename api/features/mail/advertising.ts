import type { SiteSettings } from '../../../src/content/types.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import { t, tf } from '../../../src/i18n/ja.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { unsubscribeTokensFor } from '../unsubscribe/service.ts';
import { queueMails, type MailAttachment } from './outbox.ts';
import { findConsentingRecipients } from './queries.ts';
import { senderAddress, TEXT_RULE, type MailContent } from './templates/layout.ts';

export interface AdvertisingRecipient {
  accountId: string;
  email: string;
  lastName: string;
  firstName: string;
}

/** The page behind the visible link, and the RFC 8058 one-click address. */
export function unsubscribeUrls(ctx: AppContext, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${ctx.config.publicOrigin}/unsubscribe?${query}`, oneClick: `${ctx.config.publicOrigin}/api/v2/unsubscribe?${query}` };
}

/**
 * What Japanese law on specified electronic mail and the mailbox providers' bulk-sender rules ask of
 * every advertising mail (product decision 19): the sender's name, postal address and contact, a visible
 * unsubscribe link, and the List-Unsubscribe / List-Unsubscribe-Post headers.
 */
export function withAdvertisingFooter(content: MailContent, settings: SiteSettings, urls: { page: string; oneClick: string }) {
  const lines = [
    tf('mail.advertising.sender', { company: settings.companyName, service: settings.serviceName }),
    senderAddress(settings),
    tf('mail.advertising.contact', { email: settings.email, phone: settings.phone }),
    t('mail.advertising.consent'),
    tf('mail.advertising.unsubscribe', { url: urls.page }),
  ];
  const text = `${content.text}\n\n${TEXT_RULE}\n${lines.join('\n')}\n`;
  const footer = `<div style="max-width:560px;margin:0 auto;padding:16px 24px;font-size:12px;line-height:1.8;color:#52606d">${lines
    .slice(0, 4)
    .map(escapeHtml)
    .join('<br>')}<br><a href="${escapeHtml(urls.page)}" style="color:#0b6a5c">${escapeHtml(t('mail.advertising.unsubscribeLink'))}</a></div>`;
  const html = content.html.includes('</body>') ? content.html.replace('</body>', `${footer}</body>`) : `${content.html}${footer}`;
  const headers = { 'List-Unsubscribe': `<${urls.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  return { content: { subject: content.subject, text, html }, headers };
}

/**
 * The one way advertising mail (announcements by mail, mass mail, step mails) enters the outbox
 * (product decision 19). It checks each account's consent at the moment of queueing, whatever the caller
 * selected, and skips those without it; it adds the sender's details, the unsubscribe link and the
 * List-Unsubscribe headers to every one.
 *
 * Returns the mails queued, one per consenting account. Give `tx` to commit them with the caller's
 * own bookkeeping (who was sent what).
 */
export async function queueAdvertisingMail(
  ctx: AppContext,
  mail: {
    template: string;
    accountIds: string[];
    render: (recipient: AdvertisingRecipient) => MailContent;
    dedupeKey?: (accountId: string) => string;
    attachments?: MailAttachment[];
  },
  tx?: Database,
): Promise<{ accountId: string; mailId: string }[]> {
  const db = tx ?? ctx.database.db;
  const recipients = await findConsentingRecipients(db, mail.accountIds);
  if (recipients.length === 0) return [];
  const settings = await ctx.siteSettings.get();
  const tokens = await unsubscribeTokensFor(
    db,
    recipients.map((recipient) => recipient.accountId),
  );
  const batch = recipients.map((recipient) => {
    const { content, headers } = withAdvertisingFooter(mail.render(recipient), settings, unsubscribeUrls(ctx, tokens.get(recipient.accountId)!));
    return {
      template: mail.template,
      to: recipient.email,
      content,
      headers,
      ...(mail.dedupeKey ? { dedupeKey: mail.dedupeKey(recipient.accountId) } : {}),
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    };
  });
  // One insert for the mails and one for their delivery jobs, however many recipients.
  const mailIds = await queueMails(ctx, batch, tx);
  return recipients.flatMap((recipient, index) => (mailIds[index] ? [{ accountId: recipient.accountId, mailId: mailIds[index] }] : []));
}
