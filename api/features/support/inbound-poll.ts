import type { AppContext } from '../../context.ts';

/**
 * Reading the support mailbox (INBOUND_IMAP_URL) every minute as a pg-boss job with the
 * `exclusive` policy: however many processes run, one polls at a time, so a mail is not read twice
 * at once (and a second read is a no-op: messages are stored once per Message-ID).
 */
export const INBOUND_POLL_QUEUE = 'inbound-mail-poll';

export async function registerInboundMailPoll(ctx: AppContext): Promise<void> {
  const jobs = ctx.jobs;
  const url = ctx.config.inbound.imapUrl;
  if (!jobs || !url) return;
  await jobs.createQueue(INBOUND_POLL_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 300 });
  // The IMAP client is loaded only where a mailbox is configured.
  const { pollImapMailbox } = await import('../../adapters/inbound-mail/imap.ts');
  await jobs.work(INBOUND_POLL_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const handled = await pollImapMailbox(url, (raw) => ctx.inbound.receive(raw), ctx.logger);
    if (handled > 0) ctx.logger.info('inbound mail read', { handled });
  });
  await jobs.schedule(INBOUND_POLL_QUEUE, '* * * * *', null, { tz: 'Asia/Tokyo' });
}
