import { PdfWriter } from './pdf-layout.ts';
import type { DocumentView } from './view.ts';

/** A receipt or refund note as a PDF: the same lines as the print page, on one A4 page. */
export async function renderDocumentPdf(view: DocumentView): Promise<Uint8Array> {
  const texts = [view.number, view.issuedOn, view.reissue ?? '', view.title, view.subtitle ?? '', view.addressee, view.amount, view.note, ...view.rows.flat(), view.taxHeading, ...view.taxLines, view.issuerHeading, ...view.issuer];
  const pdf = await PdfWriter.create(`${view.title} ${view.number}`, texts);
  pdf.text(view.number, { size: 9.5, align: 'right' });
  pdf.text(view.issuedOn, { size: 9.5, align: 'right' });
  if (view.reissue) pdf.text(view.reissue, { size: 10.5, align: 'right', color: [0.7, 0.14, 0.09] });
  pdf.space(8);
  pdf.text(view.title, { size: 24, align: 'center' });
  if (view.subtitle) pdf.text(view.subtitle, { size: 11, align: 'center' });
  pdf.space(16);
  pdf.text(view.addressee, { size: 15 });
  pdf.rule(20);
  pdf.box(view.amount, 18);
  pdf.text(view.note, { size: 10.5, align: 'center', gapAfter: 16 });
  for (const [label, value] of view.rows) pdf.row(label, value);
  pdf.space(10);
  pdf.text(view.taxHeading, { size: 9.5, color: [0.32, 0.38, 0.43] });
  for (const line of view.taxLines) pdf.text(line, { size: 10.5 });
  pdf.space(24);
  pdf.text(view.issuerHeading, { size: 9.5, align: 'right', color: [0.32, 0.38, 0.43] });
  for (const line of view.issuer) pdf.text(line, { size: 10.5, align: 'right' });
  return pdf.save();
}
