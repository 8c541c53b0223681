import type { Logger } from '../../lib/logger.ts';
import { classifyInbound, type Classified } from './classify.ts';
import type { DeliveryReport } from './dsn.ts';
import { parseInboundMail, type InboundMessage } from './parse.ts';

export { replyAddress } from './classify.ts';
export type { DeliveryReport } from './dsn.ts';
export type { InboundMessage } from './parse.ts';

/**
 * The inbound-mail adapter (product decisions 31 and 34): every received mail, whether read from
 * the IMAP mailbox (imap.ts, a pg-boss job) or made by the development mailbox's "reply", goes
 * through `receive`: parsed, classified, and handed to the handler a feature registered for its
 * kind. The support desk handles replies; deliverability handles bounces.
 */
export interface ReplyMail {
  message: InboundMessage;
  token: string | null;
  ticketNumber: number | null;
}
export interface BounceMail {
  message: InboundMessage;
  reports: DeliveryReport[];
}
export interface OtherMail {
  message: InboundMessage;
  why: Extract<Classified, { kind: 'other' }>['why'];
}

interface Handlers {
  reply: (mail: ReplyMail) => Promise<string>;
  bounce: (mail: BounceMail) => Promise<string>;
  other: (mail: OtherMail) => Promise<string>;
}

export interface InboundMail {
  /** Registers the handler of a kind (one per kind; a later one replaces the default). Returns what it made of the mail. */
  on<K extends keyof Handlers>(kind: K, handler: Handlers[K]): void;
  /** One raw RFC 822 message: parsed, classified, dispatched. Answers the kind and the handler's outcome. */
  receive(raw: Buffer | string): Promise<{ kind: keyof Handlers; outcome: string }>;
}

export function createInboundMail(options: { logger: Logger; mailbox: () => Promise<string>; now: () => Date }): InboundMail {
  const { logger } = options;
  const handlers: Handlers = {
    reply: async ({ message }) => {
      logger.warn('inbound reply with no handler registered', { messageId: message.messageId });
      return 'ignored';
    },
    // Until deliverability wires the suppression list in, a bounce is only logged.
    bounce: async ({ message, reports }) => {
      logger.info('bounce received', { messageId: message.messageId, reports: reports.map((report) => ({ kind: report.kind, status: report.status })) });
      return 'logged';
    },
    // Not a reply to anything of ours: dropped (never a ticket), and only logged.
    other: async ({ message, why }) => {
      logger.info('inbound mail ignored', { messageId: message.messageId, why });
      return 'ignored';
    },
  };
  return {
    on: (kind, handler) => {
      handlers[kind] = handler as never;
    },
    receive: async (raw) => {
      const message = await parseInboundMail(raw, options.now());
      const classified = classifyInbound(message, await options.mailbox());
      switch (classified.kind) {
        case 'bounce':
          return { kind: 'bounce', outcome: await handlers.bounce({ message, reports: message.reports ?? [] }) };
        case 'reply':
          return { kind: 'reply', outcome: await handlers.reply({ message, token: classified.token, ticketNumber: classified.ticketNumber }) };
        case 'other':
          return { kind: 'other', outcome: await handlers.other({ message, why: classified.why }) };
      }
    },
  };
}
