import type { SiteSettings } from '../../../src/content/types.ts';
import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import { formatDate } from '../../../src/domain/format-date.ts';
import { formatYen, taxOf } from '../../../src/domain/plans/pricing.ts';
import { t, tf } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { ChargeRow } from './queries.ts';

/**
 * The receipt (領収書) of one succeeded charge, as a printable page: the issuer from Sanity's site
 * settings, the member's name, the amount tax included with the 10% tax inside it (price −
 * price / 1.1, rounded: decision 6), what it was for, and when and how it was paid.
 */
export const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function renderReceipt(
  settings: SiteSettings,
  input: { charge: ChargeRow; member: { lastName: string; firstName: string }; card: { brand: string; last4: string } | null; issuedOn: Date },
): string {
  const { charge } = input;
  const paidAt = charge.succeededAt ?? charge.updatedAt;
  const rows: [string, string][] = [
    [t('receipt.number'), charge.id.slice(0, 8).toUpperCase()],
    [t('receipt.issuedOn'), formatDate(tokyoToday(input.issuedOn))],
    [t('receipt.paidOn'), formatDate(tokyoToday(paidAt))],
    [t('receipt.for'), charge.description],
    [t('receipt.tax'), formatYen(taxOf(charge.amount))],
    [t('receipt.method'), input.card ? tf('receipt.methodValue', { brand: input.card.brand.toUpperCase(), last4: input.card.last4 }) : t('receipt.methodCard')],
  ];
  const title = `${t('receipt.title')} ${charge.id.slice(0, 8).toUpperCase()}`;
  const issuer = [settings.companyName, `〒${settings.postalCode} ${settings.companyAddress}`, `TEL: ${settings.phone}`, settings.email];
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;background:#f8fafb;color:#1f2933;font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif}
main{max-width:640px;margin:24px auto;padding:32px;background:#fff;border:1px solid #d9e2ec}
h1{text-align:center;letter-spacing:.5em;font-size:28px;margin:0 0 24px}
.to{font-size:20px;border-bottom:1px solid #1f2933;padding-bottom:4px;margin:0 0 24px}
.amount{font-size:28px;font-weight:bold;text-align:center;border:2px solid #1f2933;padding:12px;margin:0 0 8px}
.note{text-align:center;margin:0 0 24px}
dl{display:grid;grid-template-columns:9rem 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#52606d}dd{margin:0}
.issuer{text-align:right;line-height:1.8;margin:0}
.print{font-size:12px;color:#52606d;margin-top:24px}
@media print{body{background:#fff}main{border:none;margin:0}.print{display:none}}
</style></head>
<body><main>
<h1>${escapeHtml(t('receipt.title'))}</h1>
<p class="to">${escapeHtml(tf('receipt.addressee', { name: `${input.member.lastName} ${input.member.firstName}` }))}</p>
<p class="amount" aria-label="${escapeHtml(t('receipt.amount'))}">${escapeHtml(tf('receipt.amountValue', { amount: formatYen(charge.amount) }))}</p>
<p class="note">${escapeHtml(t('receipt.note'))}</p>
<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p class="issuer"><span>${escapeHtml(t('receipt.issuer'))}</span><br>${issuer.map(escapeHtml).join('<br>')}</p>
<p class="print">${escapeHtml(t('receipt.print'))}</p>
</main></body></html>`;
}
