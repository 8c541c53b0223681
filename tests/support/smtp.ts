import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, parsed. */
/** `rejectTo`: mail to these addresses is always refused (a mailbox the provider will not take). */
export async function startSmtpServer(options: { rejectFirst?: number; rejectTo?: string[] } = {}) {
  const received: ParsedMail[] = [];
  let toReject = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const refusedRecipient = session.envelope.rcptTo.some((rcpt) => options.rejectTo?.includes(rcpt.address));
      if (toReject > 0 || refusedRecipient) {
        if (!refusedRecipient) toReject -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('451 try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
