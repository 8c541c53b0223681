import { isCanonicalUuid } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { issueRefundNote, receiptOfCharge } from './issue.ts';
import { findSucceededChargeOf, findSucceededRefund, markFirstDownload, setAddressee, type DocumentRow } from './queries.ts';
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
