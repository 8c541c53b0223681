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

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'outbox' };
  // A pool of a few kept-open connections: mass mail goes out at many mails a second.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
  return {
    kind: 'smtp',
    send: async (mail) => {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
