import { getCookie, redirect, type H3, type H3Event } from 'h3';
import {
  changePasswordSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  type SessionReply,
} from '../../../src/domain/auth-schemas.ts';
import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import { readBody } from '../../lib/validation.ts';
import { recordReferralAtSignUp } from '../profile/service.ts';
import { clientAddress } from '../../lib/request.ts';
import { clearSessionCookies, setFlash, setSessionCookies } from './cookies.ts';
import { getSession, requireSession } from './guard.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { changePassword, signIn, signOut, signUp, type SignedIn } from './service.ts';

/**
 * The account service (api-contract.md). Browsers get the session as an HttpOnly cookie only;
 * programs (no Sec-Fetch-Site, no Origin) also get the token in the reply (product decision 1).
 */
function isBrowser(event: H3Event): boolean {
  return event.req.headers.has('sec-fetch-site') || event.req.headers.has('origin');
}

function signedInReply(event: H3Event, ctx: AppContext, signedIn: SignedIn) {
  setSessionCookies(event, ctx.config, signedIn.token, signedIn.maxAgeSeconds);
  return { status: 'success', ...(isBrowser(event) ? {} : { token: signedIn.token }), data: { name: signedIn.name } };
}

export function registerAuthRoutes(app: H3, ctx: AppContext): void {
  app.post('/api/auth/signin', async (event) => {
    const input = await readBody(event, signInSchema);
    return signedInReply(event, ctx, await signIn(ctx, input, clientAddress(event, ctx.config)));
  });

  app.post('/api/auth/signup', async (event) => {
    const input = await readBody(event, signUpSchema);
    const signedIn = await signUp(ctx, input, clientAddress(event, ctx.config));
    await recordReferralAtSignUp(ctx, normalizeEmail(input.email), getCookie(event, 'ref'));
    return signedInReply(event, ctx, signedIn);
  });

  // Logout is a plain form in the navbar (no script needed): a page navigation gets a redirect to
  // / with the 'logout' message for the next page; a program gets JSON.
  app.post('/api/auth/signout', async (event) => {
    const session = await getSession(event, ctx);
    if (session) await signOut(ctx, session);
    clearSessionCookies(event, ctx.config);
    if (event.req.headers.get('sec-fetch-mode') === 'navigate') {
      setFlash(event, ctx.config, 'logout');
      return redirect('/', 303);
    }
    return { status: 'success' };
  });

  app.get('/api/auth/session', async (event): Promise<SessionReply> => {
    const session = await requireSession(event, ctx);
    return {
      status: 'success',
      data: { email: session.email, name: session.name, lastName: session.lastName, firstName: session.firstName, isAdmin: session.isAdmin, isStaff: session.isStaff, isSignedUp: session.isSignedUp, hasCard: session.hasCard, ...(session.consoleRole ? { consoleRole: session.consoleRole } : {}) },
    };
  });

  app.post('/api/auth/password/change', async (event) => {
    const session = await requireSession(event, ctx);
    await changePassword(ctx, session, await readBody(event, changePasswordSchema));
    return { status: 'success' };
  });

  app.post('/api/auth/password/reset/request', async (event) => {
    const input = await readBody(event, resetRequestSchema);
    await requestPasswordReset(ctx, input.email, clientAddress(event, ctx.config));
    return { status: 'success' };
  });

  app.post('/api/auth/password/reset', async (event) => {
    await resetPassword(ctx, await readBody(event, resetPasswordSchema));
    clearSessionCookies(event, ctx.config);
    return { status: 'success' };
  });
}
