import type { CancellationQuote, ExplanationLine } from '../../../src/domain/billing/cancellation.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { formatPrice } from '../../../src/domain/plans/pricing.ts';
import { tf, type TemplateKey } from '../../../src/i18n/ja.ts';

/** Figures that are dates or amounts of money, shown as such in the explanation. */
const DATE_VALUES = new Set(['date', 'windowEnd']);
const MONEY_VALUES = new Set(['amount', 'paid', 'delivered', 'penalty', 'cap', 'fees', 'floor']);

/** One line of a cancellation quote's explanation, in Japanese (消費者契約法 9条: how each figure was reached). */
export function explainLine(line: ExplanationLine): string {
  const values = Object.fromEntries(
    Object.entries(line.values).map(([name, value]) => [
      name,
      DATE_VALUES.has(name) && typeof value === 'string' ? formatDate(value) : MONEY_VALUES.has(name) && typeof value === 'number' ? formatPrice(value) : value,
    ]),
  );
  return tf(`quote.${line.key}` as TemplateKey, values as never);
}

/** The whole explanation of a quote, a paragraph per line. */
export function explainQuote(quote: Pick<CancellationQuote, 'explanation'>): string {
  return quote.explanation.map(explainLine).join('\n');
}
