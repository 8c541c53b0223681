import type { H3, H3Event } from 'h3';
import * as v from 'valibot';
import { t } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { clientAddress } from '../../lib/request.ts';
import { setEventMailConsent } from '../consent/service.ts';
import { findAccountByUnsubscribeToken } from './queries.ts';

/**
 * Unsubscribing from advertising mail (product decision 19) without signing in: the token in the mail's
 * link is the credential. GET /unsubscribe shows a page with one button (a GET never changes
 * anything: link scanners open links); POST /api/v2/unsubscribe?token= is both that button and
 * the RFC 8058 one-click address mailbox providers post `List-Unsubscribe=One-Click` to. It takes
 * effect at once and is recorded as a withdrawal of consent (source `unsubscribe`).
 */
const tokenQuery = v.object({ token: v.pipe(v.string('badRequest'), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'badRequest')) });

export const UNSUBSCRIBE_PATH = '/api/v2/unsubscribe';

const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const style = `body{font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;margin:0;padding:32px 16px;color:#1f2933;background:#effcf9}
main{max-width:560px;margin:0 auto;background:#fff;padding:32px 24px;border-radius:12px}h1{font-size:22px;color:#0e554b}
button{font:inherit;font-weight:bold;padding:12px 28px;border-radius:999px;border:none;background:#0b6a5c;color:#fff;cursor:pointer}a{color:#0b6a5c}`;

function page(body: string, status = 200): Response {
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('unsubscribe.title')}</title><style>${style}</style></head><body><main><h1>${t('unsubscribe.title')}</h1>${body}<p><a href="/">${t('unsubscribe.home')}</a></p></main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': pageCsp, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

function readToken(event: H3Event): string | undefined {
  const parsed = v.safeParse(tokenQuery, Object.fromEntries(event.url.searchParams));
  return parsed.success ? parsed.output.token : undefined;
}

export function registerUnsubscribeRoutes(app: H3, ctx: AppContext): void {
  app.get('/unsubscribe', async (event) => {
    const token = readToken(event);
    const account = token ? await findAccountByUnsubscribeToken(ctx.database.db, token) : undefined;
    if (!token || !account) return page(`<p>${t('unsubscribe.invalid')}</p>`, 404);
    if (event.url.searchParams.get('done') === '1' || !account.eventMail) return page(`<p role="status">${t('unsubscribe.done')}</p>`);
    return page(
      `<p>${escapeHtml(account.email)}</p><p>${t('unsubscribe.explain')}</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><button type="submit">${t('unsubscribe.button')}</button></form>`,
    );
  });

  app.post(UNSUBSCRIBE_PATH, async (event) => {
    const token = readToken(event);
    const account = token ? await findAccountByUnsubscribeToken(ctx.database.db, token) : undefined;
    if (!account) throw new AppError('notFound');
    await setEventMailConsent(ctx, { accountId: account.accountId, granted: false, source: 'unsubscribe', ip: clientAddress(event, ctx.config) });
    ctx.logger.info('unsubscribed from advertising mail', { accountId: account.accountId });
    // The page's button (a form) goes back to the page; the one-click post of a mailbox gets 200.
    if ((event.req.headers.get('accept') ?? '').includes('text/html')) {
      return new Response(null, { status: 303, headers: { location: `/unsubscribe?token=${encodeURIComponent(token!)}&done=1` } });
    }
    return { status: 'success' };
  });
}
