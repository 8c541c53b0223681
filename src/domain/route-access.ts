/**
 * The navigation guard of both specification documents, as one pure function. The server
 * applies it before serving a page; the islands call it too. Every API route checks its own access.
 */
export type RouteAccess = 'public' | 'signedIn' | 'member' | 'admin';

export type SessionState = { signedIn: false } | { signedIn: true; isAdmin: boolean; isSignedUp: boolean };

export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** The account area: sign-in and a non-empty order history ("signed up") are needed. */
export const MEMBER_ROUTES = [
  '/mypage',
  '/user-info-edit',
  '/change-password',
  '/shipping-address',
  '/payment-card',
  '/registration-mej',
  '/switch-plan',
  '/cancellation',
  '/referral',
  '/mej-user-info',
  '/registration-me',
  '/cancellation-mej',
  '/billing-history',
  '/feedback',
  '/feedback/esatj',
] as const;

/** Sign-in only. */
export const SIGNED_IN_ROUTES = ['/registration', '/signup-completed', '/signup-completed/musio_esatj', '/mypagere'] as const;

/** Where a member who has not yet signed up may stay (everywhere else protected leads to /registration). */
const REGISTRATION_ROUTES = ['/registration', '/signup-completed', '/signup-completed/musio_esatj'];

/**
 * The route a request path names, in the one form the guard compares: every way of asking for the
 * same page leads to the same decision. The site answers `/mypage`, `/mypage/`, `/mypage/index.html`
 * and `/mypage/index` with the same file, so they are one route here; so are percent-encoded forms
 * (`%2e`, `%2f`, double encoding), repeated slashes, backslashes, dot segments and any case.
 */
export function normalizePath(path: string): string {
  let pathname = path.split(/[?#]/)[0] || '/';
  for (let round = 0; round < 4; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      break; // malformed: compared as it is (the site serves nothing for it)
    }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  const segments: string[] = [];
  for (const segment of pathname.replaceAll('\\', '/').toLowerCase().split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = segments.at(-1);
  if (last === 'index.html' || last === 'index') segments.pop();
  else if (last?.endsWith('.html')) segments[segments.length - 1] = last.slice(0, -'.html'.length);
  return `/${segments.join('/')}`;
}

function isAdminPath(path: string): boolean {
  return path.includes('admin');
}

/** The access a path needs. */
export function routeAccess(path: string): RouteAccess {
  const p = normalizePath(path);
  if (p === '/admin' || p.startsWith('/admin/')) return 'admin';
  if ((MEMBER_ROUTES as readonly string[]).includes(p)) return 'member';
  if (p.startsWith('/registration/')) return 'signedIn';
  if ((SIGNED_IN_ROUTES as readonly string[]).includes(p)) return 'signedIn';
  return 'public';
}

function isRegistrationPath(path: string): boolean {
  return REGISTRATION_ROUTES.includes(path) || path.startsWith('/registration/');
}

/** One step of the guard, in the order the specification lists its rules. */
function step(path: string, target: string, session: SessionState): RouteDecision {
  const access = routeAccess(path);
  // 1. An admin email passes everything.
  if (session.signedIn && session.isAdmin) return { kind: 'allow' };
  // 2. A protected route without sign-in goes to /login, asking to come back.
  if (access !== 'public' && !session.signedIn) return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(target)}` };
  // 3. Signed in but not signed up: only the registration pages are open among the protected ones.
  if (access !== 'public' && session.signedIn && !session.isSignedUp && !isRegistrationPath(path)) {
    return { kind: 'redirect', to: '/registration' };
  }
  // 4. A signed-in person at / belongs in My Page.
  if (session.signedIn && path === '/') return { kind: 'redirect', to: '/mypage' };
  // 5. Paths containing "admin" are for admins only.
  if (isAdminPath(path)) return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}

/** Where a person may go: allowed, or the final page the chain of rules leads to. */
export function decideRoute(target: string, session: SessionState): RouteDecision {
  let current = target;
  let redirected = false;
  for (let hops = 0; hops < 4; hops += 1) {
    const decision = step(normalizePath(current), current, session);
    if (decision.kind === 'allow') return redirected ? { kind: 'redirect', to: current } : decision;
    current = decision.to;
    redirected = true;
  }
  return { kind: 'redirect', to: current };
}

/** Whether the server must look at the session before serving this path. */
export function needsSessionCheck(path: string): boolean {
  const p = normalizePath(path);
  return p === '/' || routeAccess(p) !== 'public' || isAdminPath(p);
}

/**
 * The card rule at start-up (product decision 3): a member who has completed registration but has no card
 * any more, and is neither staff nor admin, is signed out. Someone still registering is not.
 */
export function mustSignOutForMissingCard(session: { isSignedUp: boolean; hasCard: boolean; isStaff: boolean; isAdmin: boolean }): boolean {
  return session.isSignedUp && !session.hasCard && !session.isStaff && !session.isAdmin;
}
