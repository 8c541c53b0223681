import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { classifyInbound, replyAddress, ticketNumberFromSubject, tokenFromRecipients } from './classify.ts';
import { parseDeliveryStatus } from './dsn.ts';
import { createInboundMail } from './index.ts';
import { parseInboundMail } from './parse.ts';

const MAILBOX = 'support@musio.example.jp';
const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'fixtures', name));
const now = new Date('2026-11-26T01:00:00Z');

describe('parseDeliveryStatus: hard or soft from the status code', () => {
  it.each([
    ['Final-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 5.1.1', [{ recipient: 'a@example.com', kind: 'hard', status: '5.1.1' }]],
    ['Final-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 5.2.2 (mailbox full)', [{ recipient: 'a@example.com', kind: 'hard', status: '5.2.2' }]],
    ['Final-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 4.2.2', [{ recipient: 'a@example.com', kind: 'soft', status: '4.2.2' }]],
    ['Final-Recipient: rfc822; a@example.com\nAction: delayed\nStatus: 4.4.7', [{ recipient: 'a@example.com', kind: 'soft', status: '4.4.7' }]],
    ['Final-Recipient: rfc822; a@example.com\nAction: failed', [{ recipient: 'a@example.com', kind: 'soft', status: '' }]],
    ['Original-Recipient: rfc822;Orig@Example.com\nFinal-Recipient: rfc822; final@example.com\nAction: failed\nStatus: 5.0.0', [{ recipient: 'orig@example.com', kind: 'hard', status: '5.0.0' }]],
    ['Final-Recipient: rfc822; a@example.com\nAction: delivered\nStatus: 2.0.0', []],
    ['Final-Recipient: rfc822; not-an-address\nAction: failed\nStatus: 5.1.1', []],
    [
      'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@example.com\nAction: failed\nStatus: 5.1.1\n\nFinal-Recipient: rfc822; b@example.com\nAction: delayed\nStatus: 4.4.1',
      [
        { recipient: 'a@example.com', kind: 'hard', status: '5.1.1' },
        { recipient: 'b@example.com', kind: 'soft', status: '4.4.1' },
      ],
    ],
  ])('%j', (text, expected) => {
    expect(parseDeliveryStatus(text).map(({ recipient, kind, status }) => ({ recipient, kind, status }))).toEqual(expected);
  });
});

describe('reply references', () => {
  it.each([
    [['support+abc123@musio.example.jp'], 'abc123'],
    [['Support+ABC123@Musio.Example.jp'], 'abc123'],
    [['other@example.com', 'support+tok@musio.example.jp'], 'tok'],
    [['support@musio.example.jp'], null],
    [['sales+tok@musio.example.jp'], null],
    [['support+tok@evil.example'], null],
  ])('token in %j → %s', (recipients, token) => {
    expect(tokenFromRecipients(recipients, MAILBOX)).toBe(token);
  });

  it.each([
    ['Re: お問い合わせへのご回答（S-001001）', 1001],
    ['RE: [s-001234] 件名', 1234],
    ['S-1001', null],
    ['Cheap watches', null],
  ])('ticket number in %s → %s', (subject, number) => {
    expect(ticketNumberFromSubject(subject)).toBe(number);
  });

  it('builds the plus-address of the mailbox', () => {
    expect(replyAddress(MAILBOX, 'abc')).toBe('support+abc@musio.example.jp');
  });
});

describe('parse and classify raw RFC 822 mail', () => {
  it('a hard bounce: multipart/report DSN with the original recipient', async () => {
    const message = await parseInboundMail(await fixture('dsn-hard.eml'), now);
    expect(classifyInbound(message, MAILBOX)).toEqual({ kind: 'bounce' });
    expect(message.reports).toEqual([{ recipient: 'hanako.yamada@example.com', kind: 'hard', status: '5.1.1', diagnostic: expect.stringContaining('User unknown') }]);
  });

  it('a soft bounce: a delayed delivery', async () => {
    const message = await parseInboundMail(await fixture('dsn-soft.eml'), now);
    expect(message.reports).toEqual([expect.objectContaining({ recipient: 'taro@example.org', kind: 'soft', status: '4.4.1' })]);
  });

  it('a complaint (feedback report)', async () => {
    const message = await parseInboundMail(await fixture('complaint.eml'), now);
    expect(classifyInbound(message, MAILBOX)).toEqual({ kind: 'bounce' });
    expect(message.reports).toEqual([expect.objectContaining({ recipient: 'jiro@example.net', kind: 'complaint' })]);
  });

  it('a reply in HTML: token and number found, the body sanitised to text', async () => {
    const message = await parseInboundMail(await fixture('reply-html.eml'), now);
    expect(classifyInbound(message, MAILBOX)).toEqual({ kind: 'reply', token: '0123456789abcdef0123456789abcdef', ticketNumber: 1001 });
    expect(message.from).toBe('hanako@example.com');
    expect(message.messageId).toBe('<reply-1@example.com>');
    expect(message.text).toBe('ありがとうございます。まだ動きません。');
    expect(message.text).not.toMatch(/alert|script|onerror/);
  });

  it('mail that names no ticket is not a reply (spam goes nowhere)', async () => {
    const message = await parseInboundMail(await fixture('spam.eml'), now);
    expect(classifyInbound(message, MAILBOX)).toEqual({ kind: 'other', why: 'noTicketReference' });
  });

  it('an autoresponder’s mail is never taken as an answer', async () => {
    const message = await parseInboundMail(await fixture('auto-reply.eml'), now);
    expect(classifyInbound(message, MAILBOX)).toEqual({ kind: 'other', why: 'automatic' });
  });
});

describe('createInboundMail dispatches to the registered handler', () => {
  it.each([
    ['dsn-hard.eml', 'bounce'],
    ['reply-html.eml', 'reply'],
    ['spam.eml', 'other'],
  ])('%s → %s', async (name, kind) => {
    const inbound = createInboundMail({ logger: createLogger({ level: 'silent', json: true }), mailbox: async () => MAILBOX, now: () => now });
    const seen: string[] = [];
    inbound.on('reply', async ({ token }) => {
      seen.push(`reply:${token}`);
      return 'threaded';
    });
    inbound.on('bounce', async ({ reports }) => {
      seen.push(`bounce:${reports[0]?.recipient}`);
      return 'suppressed';
    });
    const result = await inbound.receive(await fixture(name));
    expect(result.kind).toBe(kind);
    if (kind === 'other') expect(result.outcome).toBe('ignored');
    else expect(seen).toEqual([kind === 'reply' ? 'reply:0123456789abcdef0123456789abcdef' : 'bounce:hanako.yamada@example.com']);
  });
});
