import { ImapFlow } from 'imapflow';
import type { Logger } from '../../lib/logger.ts';

/**
 * Reads the support mailbox over IMAP (imapflow): every unread message is handed to `receive`
 * and then marked read, so a mail is taken once; a mail whose handling fails stays unread and is
 * tried again on the next poll (the handlers are idempotent by Message-ID). One process polls at
 * a time: the poll runs as an exclusive pg-boss job (api/features/support/inbound-poll.ts).
 *
 * INBOUND_IMAP_URL: imaps://user:password@imap.example.jp:993/INBOX (the path is the folder).
 */
export async function pollImapMailbox(url: string, receive: (raw: Buffer) => Promise<unknown>, logger: Logger): Promise<number> {
  const parsed = new URL(url);
  const client = new ImapFlow({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'imaps:' ? 993 : 143),
    secure: parsed.protocol === 'imaps:',
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    logger: false,
  });
  await client.connect();
  let handled = 0;
  try {
    const lock = await client.getMailboxLock(decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX');
    try {
      const unread = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of unread) {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        try {
          await receive(message.source);
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          handled += 1;
        } catch (error) {
          logger.error('inbound mail could not be handled; left unread for the next poll', { uid, error });
        }
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return handled;
}
