import { H3 } from 'h3';
import { FastResponse } from 'srvx';
import type { AppContext } from './context.ts';
import { registerAddressRoutes } from './features/addresses/routes.ts';
import { registerAnnouncementRoutes } from './features/announcements/routes.ts';
import { registerAuditRoutes } from './features/audit/routes.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerCardAuthenticationRoutes } from './features/card/authentication.ts';
import { registerCardRoutes } from './features/card/routes.ts';
import { registerBillingRoutes } from './features/billing/routes.ts';
import { registerDocumentRoutes } from './features/documents/routes.ts';
import { registerCoolingOffRoutes } from './features/billing/cooling-off/routes.ts';
import { registerCatalogueRoutes } from './features/catalogue/routes.ts';
import { registerDevClockRoutes } from './features/dev-clock/routes.ts';
import { clockSyncIsDue, syncClock } from './features/dev-clock/clock.ts';
import { registerDevMailboxRoutes } from './features/dev-mailbox/routes.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { registerLessonSchoolRoutes } from './features/lesson-school/routes.ts';
import { registerMemberRoutes } from './features/members/routes.ts';
import { registerStaffRoutes } from './features/staff/routes.ts';
import { registerExportRoutes } from './features/exports/routes.ts';
import { registerMetricsRoutes } from './features/metrics/routes.ts';
import { registerDevBounceRoutes, registerSuppressionRoutes } from './features/suppressions/routes.ts';
import { registerOrderRoutes } from './features/orders/routes.ts';
import { registerPaymentRoutes } from './features/payments/routes.ts';
import { registerProfileRoutes } from './features/profile/routes.ts';
import { registerReferralRoutes } from './features/profile/referral.ts';
import { registerPostalCodeRoutes } from './features/postal-codes/routes.ts';
import { registerSupportRoutes } from './features/support/routes.ts';
import { registerTwoFactorRoutes } from './features/two-factor/routes.ts';
import { csrfGuard } from './lib/csrf.ts';
import { registerMassMailRoutes } from './features/mass-mail/routes.ts';
import { registerStepMailRoutes, STEP_MAIL_UPLOAD_PATH } from './features/step-mails/routes.ts';
import { registerUnsubscribeRoutes, UNSUBSCRIBE_PATH } from './features/unsubscribe/routes.ts';
import { AppError, describeError } from './lib/errors.ts';
import { limitBodySize, MAX_BODY_BYTES } from './lib/input.ts';
import { MAX_ATTACHMENT_BYTES } from '../src/domain/mail/step-mails.ts';
import { SUPPORT_UPLOAD_PATHS } from './features/support/desk-routes.ts';
import { createSiteHandler } from './site-handler.ts';

/**
 * How many bytes a request to this path may send, and the code past it: the real server counts
 * them while the body streams in, before the app runs (api/server.ts); in process the app's own
 * limits below do the same.
 */
/** Attachments (up to 10 MB: step mails, the support form and staff replies). */
const UPLOAD_PATHS = new Set([STEP_MAIL_UPLOAD_PATH, ...SUPPORT_UPLOAD_PATHS]);

export function bodyLimitFor(pathname: string): { bytes: number; code: 'requestTooLarge' | 'fileTooLarge' } {
  return UPLOAD_PATHS.has(pathname) ? { bytes: MAX_ATTACHMENT_BYTES, code: 'fileTooLarge' } : { bytes: MAX_BODY_BYTES, code: 'requestTooLarge' };
}

/** The whole service as one h3 app: the API under /api, then the static site for everything else. */
export function createApp(ctx: AppContext): H3 {
  const guardCsrf = csrfGuard(ctx.config, (path) => path === UNSUBSCRIBE_PATH);
  const followsSharedClock = !ctx.config.isProduction;
  const app = new H3({
    silent: true,
    // What every request goes through before its route, as one hook rather than a middleware
    // chain (h3 calls it directly: no layer, no next() per request). A throw answers through onError.
    onRequest: (event) => {
      // Attachments have their own limit in their route (read as they stream in: readBytesUpTo).
      if (!UPLOAD_PATHS.has(event.url.pathname)) limitBodySize(event);
      // The one-click unsubscribe address is posted to by mailbox providers; its token is the credential.
      guardCsrf(event);
      // Outside production every process follows the shared development clock (moved by /dev/clock).
      if (followsSharedClock && clockSyncIsDue(ctx)) return syncClock(ctx);
    },
    onError: (error, event) => {
      const described = describeError(error);
      if (!described.expected) {
        ctx.logger.error('request failed', { method: event.req.method, path: event.url.pathname, error: error.cause ?? error });
      }
      const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', ...described.headers });
      // Cookies set before the error (clearing a stale session) still reach the browser.
      for (const cookie of event.res.headers.getSetCookie()) headers.append('set-cookie', cookie);
      return new FastResponse(JSON.stringify(described.body), { status: described.status, headers });
    },
  });

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
  registerAddressRoutes(app, ctx);
  registerPostalCodeRoutes(app, ctx);
  registerCardRoutes(app, ctx);
  registerCardAuthenticationRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerCoolingOffRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerLessonSchoolRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerAnnouncementRoutes(app, ctx);
  registerUnsubscribeRoutes(app, ctx);
  registerMassMailRoutes(app, ctx);
  registerStepMailRoutes(app, ctx);
  // The admin console: every route goes through adminRoute (api/features/audit/admin-route.ts).
  registerMemberRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerMetricsRoutes(app, ctx);
  registerSuppressionRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerTwoFactorRoutes(app, ctx);
  if (!ctx.config.isProduction) {
    registerDevMailboxRoutes(app, ctx);
    registerDevBounceRoutes(app, ctx);
    registerDevClockRoutes(app, ctx);
  }
  app.all('/api/**', () => {
    throw new AppError('notFound');
  });
  app.all('/**', createSiteHandler(ctx));
  return app;
}
