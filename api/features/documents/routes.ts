import type { H3, H3Event } from 'h3';
import { FastResponse } from 'srvx';
import { addresseeSchema, type AddresseeReply } from '../../../src/domain/documents/addressee.ts';
import { idParams } from '../../../src/domain/ids.ts';
import type { AppContext } from '../../context.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { getSession, requireSession } from '../auth/guard.ts';
import { documentNotFound } from './not-found.ts';
import { DOCUMENT_CSP, renderDocumentPage } from './render-html.ts';
import { downloadDocument, findOwnDocument, pageViewOf, setReceiptAddressee, type DocumentKindPath } from './service.ts';

/**
 * Receipts and refund notes (product decision 25; api-contract.md, third wave): the print page
 * and the PDF of each, under /api/v2 and as pages to link from mail; the receipt's addressee.
 */
export function registerDocumentRoutes(app: H3, ctx: AppContext): void {
  for (const kind of ['receipts', 'refund-notes'] as const) {
    app.get(`/api/v2/${kind}/:file`, async (event) => {
      await requireSession(event, ctx);
      return documentResponse(ctx, event, kind);
    });
    app.get(`/${kind}/:file`, (event) => documentResponse(ctx, event, kind));
  }

  app.put('/api/v2/receipts/:id/addressee', async (event): Promise<AddresseeReply> => {
    const session = await requireSession(event, ctx);
    const { id } = await readParams(event, idParams);
    const { addressee } = await readBody(event, addresseeSchema);
    const document = await setReceiptAddressee(ctx, session.accountId, id, addressee);
    return { status: 'success', data: { addressee: document.addressee ?? addressee } };
  });
}

async function documentResponse(ctx: AppContext, event: H3Event, kind: DocumentKindPath) {
  const session = await getSession(event, ctx);
  if (!session) {
    // Signed out (a link from mail): sign in first, then back here.
    const back = encodeURIComponent(event.url.pathname.replace(/^\/api\/v2/, ''));
    return new FastResponse(null, { status: 302, headers: { location: `/login?redirect=${back}`, 'cache-control': 'no-store' } });
  }
  const file = event.context.params?.file ?? '';
  const isPdf = file.endsWith('.pdf');
  const id = (isPdf ? file.slice(0, -'.pdf'.length) : file).toLowerCase();
  const document = await findOwnDocument(ctx, session.accountId, kind, id);
  if (!document) return documentNotFound(ctx, event);
  if (isPdf) {
    const bytes = await downloadDocument(ctx, document);
    return new FastResponse(new Uint8Array(bytes), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${document.number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  }
  const html = renderDocumentPage(pageViewOf(ctx, document), { pdfUrl: `/${kind}/${id}.pdf`, backUrl: '/billing-history' });
  return new FastResponse(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DOCUMENT_CSP, 'cache-control': 'private, no-store' } });
}
