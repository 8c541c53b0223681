import type { AddressObject, ParsedMail } from 'mailparser';
import { htmlToText } from '../../features/mail/sanitize.ts';
import { parseDeliveryStatus, parseFeedbackReport, type DeliveryReport } from './dsn.ts';

/** An inbound mail as the handlers see it: addresses lower-cased, the body as plain text only. */
export interface InboundMessage {
  messageId: string;
  from: string;
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To). */
  recipients: string[];
  subject: string;
  /** The text part, or the HTML part sanitised to text (scripts and markup never kept). */
  text: string;
  attachments: { fileName: string; contentType: string; content: Uint8Array }[];
  /** Set on an autoresponder's mail (Auto-Submitted, RFC 3834): never taken as an answer. */
  isAutomatic: boolean;
  /** Set on a delivery status notification or an abuse report. */
  reports: DeliveryReport[] | undefined;
  receivedAt: Date;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.flatMap((entry) => [entry.address ?? '', ...(entry.group ?? []).map((member) => member.address ?? '')])).filter(Boolean).map((address) => address.toLowerCase());
}

function headerText(mail: ParsedMail, name: string): string[] {
  const value = mail.headers.get(name);
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object' && 'text' in value) return [String((value as { text: unknown }).text)];
  return [String(value as unknown as string)];
}

/**
 * The body of the report's machine-readable part. mailparser folds message/delivery-status into
 * the text, so the top-level parts are split here (a report is never nested deeper, RFC 6522).
 */
function reportPart(raw: string, boundary: string, type: string): string | undefined {
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const headers = part.slice(0, split.index);
    if (!new RegExp(`^content-type:\\s*${type.replace('/', '\\/')}\\b`, 'im').test(headers)) continue;
    const body = part.slice(split.index + split[0].length);
    return /^content-transfer-encoding:\s*base64/im.test(headers) ? Buffer.from(body, 'base64').toString('utf8') : body;
  }
  return undefined;
}

function reportsOf(mail: ParsedMail, raw: Buffer | string): DeliveryReport[] | undefined {
  const contentType = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (contentType?.value?.toLowerCase() !== 'multipart/report') return undefined;
  const reportType = (contentType.params?.['report-type'] ?? '').toLowerCase();
  const boundary = contentType.params?.boundary ?? '';
  const source = typeof raw === 'string' ? raw : raw.toString('utf8');
  const part = (type: string) => mail.attachments.find((file) => file.contentType.toLowerCase() === type)?.content.toString('utf8') ?? (boundary ? reportPart(source, boundary, type) : undefined);
  if (reportType === 'delivery-status') return parseDeliveryStatus(part('message/delivery-status') ?? '');
  if (reportType === 'feedback-report') return parseFeedbackReport(part('message/feedback-report') ?? '');
  return undefined;
}

/** Reads a raw RFC 822 message (from IMAP, or made by the development mailbox). */
export async function parseInboundMail(raw: Buffer | string, receivedAt: Date): Promise<InboundMessage> {
  // mailparser (about 4 MB of heap) comes with the first mail received, not with every process.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  const reports = reportsOf(mail, raw);
  const text = mail.text?.trim() ? mail.text : mail.html ? htmlToText(mail.html) : '';
  const autoSubmitted = headerText(mail, 'auto-submitted')[0]?.toLowerCase() ?? 'no';
  return {
    messageId: mail.messageId ?? '',
    from: addresses(mail.from)[0] ?? '',
    recipients: [...new Set([...addresses(mail.to), ...addresses(mail.cc), ...headerText(mail, 'delivered-to').map((a) => a.toLowerCase().trim()), ...headerText(mail, 'x-original-to').map((a) => a.toLowerCase().trim())])],
    subject: mail.subject ?? '',
    text: text.replaceAll('\u0000', ''),
    attachments: reports
      ? []
      : mail.attachments.filter((file) => file.contentDisposition !== 'inline' || file.filename).map((file) => ({ fileName: file.filename ?? 'attachment', contentType: file.contentType, content: new Uint8Array(file.content) })),
    isAutomatic: !autoSubmitted.startsWith('no') || mail.headers.has('x-autoreply') || (headerText(mail, 'precedence')[0] ?? '').toLowerCase() === 'auto_reply',
    reports,
    // Our clock, not the sender's Date header (which anyone can set).
    receivedAt,
  };
}
