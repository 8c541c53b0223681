import { t } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { DocumentView } from './view.ts';

/** The print page's policy: no script at all, its own styles, nothing framed. */
export const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A receipt or refund note as a print-ready page (A4, the same lines as the PDF). */
export function renderDocumentPage(view: DocumentView, links: { pdfUrl: string; backUrl: string }): string {
  const title = `${view.title} ${view.number}`;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;background:#f8fafb;color:#1f2933;font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;line-height:1.6}
main{max-width:720px;margin:24px auto;padding:32px;background:#fff;border:1px solid #d9e2ec}
.head{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap;font-size:14px}
.reissue{color:#b42318;font-weight:bold}
h1{text-align:center;letter-spacing:.4em;font-size:28px;margin:16px 0 0}
.sub{text-align:center;margin:0 0 16px;font-size:14px}
.to{font-size:20px;border-bottom:1px solid #1f2933;padding-bottom:4px;margin:16px 0 24px;overflow-wrap:anywhere}
.amount{font-size:26px;font-weight:bold;text-align:center;border:2px solid #1f2933;padding:12px;margin:0 0 8px}
.note{text-align:center;margin:0 0 24px}
dl{display:grid;grid-template-columns:8rem 1fr;gap:8px 16px;margin:0 0 16px}dt{color:#52606d}dd{margin:0;overflow-wrap:anywhere}
.tax{margin:0 0 24px}.tax h2{font-size:14px;margin:0 0 4px;color:#52606d}.tax p{margin:0}
.issuer{text-align:right;margin:0}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
.actions a{display:inline-block;padding:10px 16px;border:1px solid #1f2933;border-radius:6px;color:#1f2933;text-decoration:none}
.hint{font-size:12px;color:#52606d}
@media (max-width:480px){main{margin:0;padding:16px;border:none}dl{grid-template-columns:1fr;gap:0 0}dd{margin-bottom:8px}h1{font-size:24px}}
@page{size:A4;margin:16mm}
@media print{body{background:#fff}main{border:none;margin:0;max-width:none}.actions,.hint{display:none}}
</style></head>
<body><main>
<div class="head"><span>${escapeHtml(view.number)}</span><span>${escapeHtml(view.issuedOn)}</span></div>
${view.reissue ? `<p class="reissue">${escapeHtml(view.reissue)}</p>` : ''}
<h1>${escapeHtml(view.title)}</h1>
${view.subtitle ? `<p class="sub">${escapeHtml(view.subtitle)}</p>` : ''}
<p class="to">${escapeHtml(view.addressee)}</p>
<p class="amount" aria-label="${escapeHtml(view.amountLabel)}">${escapeHtml(view.amount)}</p>
<p class="note">${escapeHtml(view.note)}</p>
<dl>${view.rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<div class="tax"><h2>${escapeHtml(view.taxHeading)}</h2>${view.taxLines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>
<p class="issuer"><span>${escapeHtml(view.issuerHeading)}</span><br>${view.issuer.map(escapeHtml).join('<br>')}</p>
<div class="actions"><a href="${escapeHtml(links.pdfUrl)}" download>${escapeHtml(t('document.downloadPdf'))}</a><a href="${escapeHtml(links.backUrl)}">${escapeHtml(t('document.notFound.back'))}</a></div>
<p class="hint">${escapeHtml(t('document.printHint'))}</p>
</main></body></html>`;
}
