import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { queueMail } from './outbox.ts';
import { findConsentingRecipients } from './queries.ts';
import type { MailContent } from './templates/layout.ts';

export interface AdvertisingRecipient {
  accountId: string;
  email: string;
  lastName: string;
  firstName: string;
}

/**
 * The one way advertising mail (announcements by mail, mass mail, step mails) enters the outbox
 * (decision 19). It checks each account's consent at the moment of queueing, whatever the caller
 * selected, and skips those without it. This is also where the sender's details, the unsubscribe
 * link and the List-Unsubscribe headers that such mail must carry are to be added, for all of it.
 *
 * Returns the mails queued, one per consenting account. Give `tx` to commit them with the caller's
 * own bookkeeping (who was sent what).
 */
export async function queueAdvertisingMail(
  ctx: AppContext,
  mail: { template: string; accountIds: string[]; render: (recipient: AdvertisingRecipient) => MailContent },
  tx?: Database,
): Promise<{ accountId: string; mailId: string }[]> {
  const db = tx ?? ctx.database.db;
  const recipients = await findConsentingRecipients(db, mail.accountIds);
  const queued: { accountId: string; mailId: string }[] = [];
  for (const recipient of recipients) {
    const mailId = await queueMail(ctx, { template: mail.template, to: recipient.email, content: mail.render(recipient) }, tx);
    if (mailId) queued.push({ accountId: recipient.accountId, mailId });
  }
  return queued;
}
