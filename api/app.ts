import { H3 } from 'h3';
import type { AppContext } from './context.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerDevMailboxRoutes } from './features/dev-mailbox/routes.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { compressResponse } from './lib/compression.ts';
import { csrfGuard } from './lib/csrf.ts';
import { AppError, describeError } from './lib/errors.ts';
import { isHttps } from './lib/request.ts';
import { applySecurityHeaders } from './lib/security-headers.ts';
import { createSiteHandler } from './site-handler.ts';

/** The whole service as one h3 app: the API under /api, then the static site for everything else. */
export function createApp(ctx: AppContext): H3 {
  const app = new H3({
    silent: true,
    onError: (error, event) => {
      const described = describeError(error);
      if (!described.expected) {
        ctx.logger.error('request failed', { method: event.req.method, path: event.url.pathname, error: error.cause ?? error });
      }
      const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', ...described.headers });
      // Cookies set before the error (clearing a stale session) still reach the browser.
      for (const cookie of event.res.headers.getSetCookie()) headers.append('set-cookie', cookie);
      return new Response(JSON.stringify(described.body), { status: described.status, headers });
    },
    onResponse: (response, event) => {
      applySecurityHeaders(response.headers, { https: isHttps(event, ctx.config), isApi: event.url.pathname.startsWith('/api/') });
    },
  });

  app.use(csrfGuard(ctx.config));
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  if (!ctx.config.isProduction) registerDevMailboxRoutes(app, ctx);
  app.all('/api/**', () => {
    throw new AppError('notFound');
  });
  app.all('/**', createSiteHandler(ctx));
  return app;
}

/** The fetch handler the server runs: the app, then gzip for dynamic replies worth compressing. */
export function createFetchHandler(app: H3): (request: Request) => Promise<Response> {
  return async (request) => compressResponse(request, await app.fetch(request));
}
