import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * How mail leaves: over SMTP (nodemailer) when SMTP_URL is set; otherwise it is kept in the
 * outbox table and read in the development mailbox.
 */
export type MailTransport = { kind: 'smtp'; send(mail: OutgoingMail): Promise<{ messageId: string }>; close(): void } | { kind: 'outbox' };

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The headers a DKIM signature covers: nodemailer's default list (RFC 6376 §5.4) plus
 * List-Unsubscribe-Post, which it leaves out. Mailbox providers honour one-click unsubscribe
 * (RFC 8058 §4) only when the signature covers both List-Unsubscribe headers.
 */
export const DKIM_HEADER_FIELDS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type', 'Content-Transfer-Encoding',
  'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender', 'Resent-To', 'Resent-Cc', 'Resent-Message-ID',
  'In-Reply-To', 'References', 'List-Id', 'List-Help', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post',
  'List-Owner', 'List-Archive',
].join(':');

/** nodemailer's DKIM options for a key (docs/decisions draft-deliverability). */
export function dkimOptions(key: DkimKey) {
  return { domainName: key.domainName, keySelector: key.keySelector, privateKey: key.privateKey, headerFieldNames: DKIM_HEADER_FIELDS };
}

export function createMailTransport(smtpUrl: string | undefined, dkim?: DkimKey): MailTransport {
  if (!smtpUrl) return { kind: 'outbox' };
  // A pool of a few kept-open connections: mass mail goes out at many mails a second.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5, ...(dkim ? { dkim: dkimOptions(dkim) } : {}) });
  return {
    kind: 'smtp',
    send: async (mail) => {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
