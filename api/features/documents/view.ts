import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import type { DocumentSnapshot } from '../../../src/domain/documents/snapshot.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { formatYen } from '../../../src/domain/plans/pricing.ts';
import { t, tf } from '../../../src/i18n/ja.ts';
import type { DocumentRow } from './queries.ts';

/**
 * What a receipt or refund note shows, line by line: the one model both the print page and the
 * PDF are drawn from, so the two never differ. Everything comes from the snapshot and the
 * document's own dates; only a re-issue adds the day of this copy.
 */
export interface DocumentView {
  title: string;
  subtitle: string | null;
  number: string;
  issuedOn: string;
  /** 「再発行（2027年5月1日）」 on copies after the first download. */
  reissue: string | null;
  addressee: string;
  amountLabel: string;
  amount: string;
  note: string;
  rows: [string, string][];
  taxHeading: string;
  taxLines: string[];
  issuerHeading: string;
  issuer: string[];
}

export function documentView(document: Pick<DocumentRow, 'kind' | 'number' | 'issuedAt' | 'snapshot' | 'addressee'>, copy: { reissuedAt: Date | null }): DocumentView {
  const s: DocumentSnapshot = document.snapshot;
  const isRefund = document.kind === 'refundNote';
  const rows: [string, string][] = [];
  if (s.refersTo) rows.push([t('document.refersTo'), tf('document.refersToValue', { number: s.refersTo.number, date: formatDate(s.refersTo.paidOn), amount: formatYen(s.refersTo.amount) })]);
  rows.push([t('document.for'), tf('document.forValue', { what: s.description })]);
  if (s.period) rows.push([t('document.period'), s.period.end ? tf('document.periodValue', { start: formatDate(s.period.start), end: formatDate(s.period.end) }) : tf('document.periodFrom', { start: formatDate(s.period.start) })]);
  if (s.orderNumber) rows.push([t('document.orderNumber'), s.orderNumber]);
  rows.push([isRefund ? t('document.refundedOn') : t('document.paidOn'), formatDate(s.paidOn)]);
  rows.push([t('document.method'), s.card ? tf('document.methodValue', { brand: s.card.brand.toUpperCase(), last4: s.card.last4 }) : t('document.methodCard')]);
  return {
    title: isRefund ? t('document.refundNote.title') : t('document.receipt.title'),
    subtitle: isRefund ? t('document.refundNote.subtitle') : null,
    number: `${t('document.number')} ${document.number}`,
    issuedOn: `${t('document.issuedOn')} ${formatDate(tokyoToday(document.issuedAt))}`,
    reissue: copy.reissuedAt ? tf('document.reissuedOn', { date: formatDate(tokyoToday(copy.reissuedAt)) }) : null,
    addressee: tf('document.addressee', { name: document.addressee ?? s.memberName }),
    amountLabel: t('document.amount'),
    amount: isRefund ? tf('document.refundAmountValue', { amount: formatYen(s.amount) }) : tf('document.amountValue', { amount: formatYen(s.amount) }),
    note: isRefund ? t('document.refundNote') : t('document.receiptNote'),
    rows,
    taxHeading: t('document.taxHeading'),
    taxLines: s.taxLines.map((line) => tf('document.taxLine', { rate: String(line.ratePercent), total: formatYen(line.total), tax: formatYen(line.tax) })),
    issuerHeading: t('document.issuer'),
    issuer: [s.issuer.name, tf('document.address', { postalCode: s.issuer.postalCode, address: s.issuer.address }), tf('document.tel', { phone: s.issuer.phone }), tf('document.registrationNumber', { number: s.issuer.registrationNumber })],
  };
}
