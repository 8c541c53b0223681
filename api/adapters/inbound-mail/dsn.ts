/**
 * Delivery status notifications (RFC 3464) and abuse reports (RFC 5965): what a bounce says about
 * each recipient. A permanent failure (status 5.x.x) is hard, a temporary one (4.x.x, or Action:
 * delayed) soft; a complaint is its own kind. Product decision 34 decides what each one does.
 */
export type BounceKind = 'hard' | 'soft' | 'complaint';

export interface DeliveryReport {
  /** The address we mailed, lower-cased (Original-Recipient when given, else Final-Recipient). */
  recipient: string;
  kind: BounceKind;
  /** The enhanced status code (5.1.1), or '' for a complaint. */
  status: string;
  /** The remote server's words, for staff. */
  diagnostic: string;
}

/** Header-style fields in groups separated by blank lines; folded lines joined. */
function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const fields = new Map<string, string>();
    let last: string | undefined;
    for (const line of block.split('\n')) {
      if (/^\s/.test(line) && last) {
        fields.set(last, `${fields.get(last) ?? ''} ${line.trim()}`);
        continue;
      }
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      fields.set(last, line.slice(colon + 1).trim());
    }
    if (fields.size > 0) groups.push(fields);
  }
  return groups;
}

/** `rfc822; User@Example.jp` → `user@example.jp` ('' when it is no address). */
function addressOf(field: string | undefined): string {
  if (!field) return '';
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  const address = value.trim().replace(/^<|>$/g, '').toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : '';
}

/** The recipients a message/delivery-status part reports as failed or delayed. */
export function parseDeliveryStatus(text: string): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  for (const fields of fieldGroups(text)) {
    const recipient = addressOf(fields.get('original-recipient')) || addressOf(fields.get('final-recipient'));
    if (!recipient) continue;
    const action = (fields.get('action') ?? '').toLowerCase();
    const status = /\b([245])\.\d{1,3}\.\d{1,3}\b/.exec(fields.get('status') ?? '')?.[0] ?? '';
    const diagnostic = fields.get('diagnostic-code') ?? '';
    if (action === 'delayed' || (action !== 'failed' && status.startsWith('4'))) {
      reports.push({ recipient, kind: 'soft', status, diagnostic });
    } else if (action === 'failed') {
      // A failure without a usable code is treated as temporary: three soft ones suppress anyway.
      reports.push({ recipient, kind: status.startsWith('5') ? 'hard' : 'soft', status, diagnostic });
    }
  }
  return reports;
}

/** The recipient an abuse report (message/feedback-report) complains about. */
export function parseFeedbackReport(text: string): DeliveryReport[] {
  const fields = fieldGroups(text)[0];
  const recipient = addressOf(fields?.get('original-rcpt-to'));
  return recipient ? [{ recipient, kind: 'complaint', status: '', diagnostic: fields?.get('feedback-type') ?? '' }] : [];
}
