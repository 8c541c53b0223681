import type { H3Event, HTTPResponse } from 'h3';
import { FastResponse } from 'srvx';
import { t } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { AppContext } from '../../context.ts';
import { isHttps } from '../../lib/request.ts';

/**
 * The Japanese not-found page of a receipt or refund note (unknown, failed, someone else's, or
 * not an id at all), in the site frame, with 404: never raw JSON. Without a built site (API tests,
 * a first start) a plain page says the same.
 */
export function documentNotFound(ctx: AppContext, event: H3Event): Response | HTTPResponse | Promise<Response | HTTPResponse> {
  const page = ctx.site?.resolve('/document-not-found');
  if (ctx.site && page) return ctx.site.serve(event, page, { status: 404, https: isHttps(event, ctx.config) });
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(t('document.notFound.title'))}</title></head><body><main><h1>${escapeHtml(t('document.notFound.title'))}</h1><p>${escapeHtml(t('document.notFound.body'))}</p><p><a href="/billing-history">${escapeHtml(t('document.notFound.back'))}</a></p></main></body></html>`;
  return new FastResponse(html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' } });
}
