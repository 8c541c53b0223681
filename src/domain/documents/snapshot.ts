import { REGISTRATION_NUMBER_PATTERN } from '@musio/content-rules';
import { TAX_RATE } from '../constants.ts';
import { taxOf } from '../plans/pricing.ts';

/**
 * Receipts (領収書) and refund notes (返金明細, 返還インボイス) as documents (product decision 25): what
 * one holds is taken once, when it is issued, and never read again from live data.
 */

/** The issuer, from Sanity's site settings at the time of issue. */
export interface DocumentIssuer {
  name: string;
  postalCode: string;
  address: string;
  phone: string;
  /** 適格請求書発行事業者登録番号: `T` and 13 digits. */
  registrationNumber: string;
}

/** 適格簡易請求書: the total of each tax rate and the tax in it (all our prices are 10%). */
export interface TaxLine {
  ratePercent: number;
  total: number;
  tax: number;
}

export interface DocumentSnapshot {
  /** Yen, tax included: paid (receipt) or given back (refund note). */
  amount: number;
  taxLines: TaxLine[];
  /** What was paid for: the charge's description (plan and kind). */
  description: string;
  planName: string | null;
  /** The contract period it pays for, `YYYY-MM-DD` (end exclusive), when it is a period. */
  period: { start: string; end: string | null } | null;
  /** The business day (Japan) the money moved. */
  paidOn: string;
  card: { brand: string; last4: string } | null;
  issuer: DocumentIssuer;
  /** The member's name at the time of issue: the addressee unless one is set. */
  memberName: string;
  orderNumber: string | null;
  /** A refund note names the receipt it corrects. */
  refersTo: { number: string; paidOn: string; amount: number } | null;
}

/** Prefix of each kind's numbers: R for receipts, H (返金) for refund notes. */
export const DOCUMENT_PREFIX = { receipt: 'R', refundNote: 'H' } as const;

/** The series a number is counted in: per issuer (its registration number), kind and year. */
export function documentSeries(kind: keyof typeof DOCUMENT_PREFIX, registrationNumber: string, year: number): string {
  return `${registrationNumber}:${DOCUMENT_PREFIX[kind]}-${year}`;
}

/** The printed number: `R-2027-000123` (six digits, more when a year passes 999,999). */
export function formatDocumentNumber(kind: keyof typeof DOCUMENT_PREFIX, year: number, sequence: number): string {
  return `${DOCUMENT_PREFIX[kind]}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The tax lines of a tax-included amount at the standard rate (product decision 6). */
export function taxLinesOf(amount: number): TaxLine[] {
  return [{ ratePercent: Math.round(TAX_RATE * 100), total: amount, tax: taxOf(amount) }];
}

/** A registration number: `T` followed by 13 digits (the Studio validates it with the same pattern). */

export function isRegistrationNumber(value: string): boolean {
  return REGISTRATION_NUMBER_PATTERN.test(value);
}
