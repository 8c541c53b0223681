import { isCanonicalUuid } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { issueRefundNote, receiptOfCharge } from './issue.ts';
import type { BillingHistoryItem } from '../../../src/domain/billing/contract.ts';
import { findSucceededChargeOf, findSucceededRefund, listDocumentsOf, markFirstDownload, setAddressee, type DocumentRow } from './queries.ts';
import { renderDocumentPdf } from './render-pdf.ts';
import { documentView, type DocumentView } from './view.ts';

export type DocumentKindPath = 'receipts' | 'refund-notes';

/**
 * The member's own receipt (by the charge's id, as mails link it) or refund note (by the refund's
 * id). Anything else — unknown, failed, another member's, not an id — is undefined: not found.
 */
export async function findOwnDocument(ctx: AppContext, accountId: string, kind: DocumentKindPath, id: string): Promise<DocumentRow | undefined> {
  if (!isCanonicalUuid(id)) return undefined;
  if (kind === 'receipts') {
    if (!(await findSucceededChargeOf(ctx.database.db, id, accountId))) return undefined;
    return receiptOfCharge(ctx, id);
  }
  if (!(await findSucceededRefund(ctx.database.db, id, accountId))) return undefined;
  return issueRefundNote(ctx, id);
}

/** The print page's lines: a copy after the first download is marked 再発行 with today's date. */
export function pageViewOf(ctx: AppContext, document: DocumentRow): DocumentView {
  return documentView(document, { reissuedAt: document.firstDownloadedAt ? ctx.clock.now() : null });
}

/** A downloaded PDF: the first download is the original (and fixes the addressee); later ones are re-issues. */
export async function downloadDocument(ctx: AppContext, document: DocumentRow): Promise<Uint8Array> {
  const now = ctx.clock.now();
  const isFirst = await markFirstDownload(ctx.database.db, document.id, now);
  return renderDocumentPdf(documentView(document, { reissuedAt: isFirst ? null : now }));
}

/** Sets the addressee of the member's receipt until its first download (409 after). */
export async function setReceiptAddressee(ctx: AppContext, accountId: string, chargeId: string, addressee: string): Promise<DocumentRow> {
  const document = await findOwnDocument(ctx, accountId, 'receipts', chargeId);
  if (!document) throw new AppError('notFound');
  const updated = await setAddressee(ctx.database.db, document.id, addressee);
  if (!updated) throw new AppError('addresseeLocked');
  return updated;
}

/** The billing history's rows with their receipt or refund note and order number (product decision 25). */
export async function withDocuments(ctx: AppContext, accountId: string, items: BillingHistoryItem[]): Promise<BillingHistoryItem[]> {
  const documents = await listDocumentsOf(ctx.database.db, accountId);
  const byRow = new Map(documents.map((document) => [document.kind === 'receipt' ? document.chargeId : document.refundId, document]));
  return items.map((item) => {
    const document = byRow.get(item.id);
    if (!document) return { ...item, document: null, orderNumber: null };
    const path = document.kind === 'receipt' ? 'receipts' : 'refund-notes';
    return {
      ...item,
      document: { kind: document.kind, number: document.number, addressee: document.addressee, downloaded: document.firstDownloadedAt !== null, pdfUrl: `/${path}/${item.id}.pdf` },
      orderNumber: document.snapshot.orderNumber,
    };
  });
}
