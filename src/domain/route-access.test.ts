import { describe, expect, it } from 'vitest';
import { decideRoute, MEMBER_ROUTES, mustSignOutForMissingCard, needsSessionCheck, normalizePath, routeAccess, SIGNED_IN_ROUTES, type SessionState } from './route-access.ts';

const visitor: SessionState = { signedIn: false };
const newMember: SessionState = { signedIn: true, isAdmin: false, isSignedUp: false };
const member: SessionState = { signedIn: true, isAdmin: false, isSignedUp: true };
const admin: SessionState = { signedIn: true, isAdmin: true, isSignedUp: false };

const allow = { kind: 'allow' } as const;
const to = (path: string) => ({ kind: 'redirect', to: path }) as const;
const login = (path: string) => to(`/login?redirect=${encodeURIComponent(path)}`);

describe('decideRoute: one row per rule of the guard', () => {
  it.each([
    ['an admin email passes a member route without orders', '/mypage', admin, allow],
    ['an admin email passes the admin console', '/admin', admin, allow],
    ['an admin email is not sent from / to /mypage', '/', admin, allow],
    ['a protected route without sign-in goes to /login with a redirect', '/mypage', visitor, login('/mypage')],
    ['the redirect keeps the query', '/registration/kodomo?x=1', visitor, login('/registration/kodomo?x=1')],
    ['signed in without orders: a member route goes to /registration', '/mypage', newMember, to('/registration')],
    ['signed in without orders: /registration itself is allowed', '/registration', newMember, allow],
    ['signed in without orders: /signup-completed is allowed', '/signup-completed', newMember, allow],
    ['signed in without orders: the ESAT-J completion page is allowed', '/signup-completed/musio_esatj', newMember, allow],
    ['signed in without orders: / leads on to /registration', '/', newMember, to('/registration')],
    ['signed in without orders: public pages stay open', '/support', newMember, allow],
    ['a signed-up member at / goes to /mypage', '/', member, to('/mypage')],
    ['a path containing admin sends a signed-up non-admin to /, then on to /mypage', '/admin', member, to('/mypage')],
    ['a path containing admin sends a visitor to sign in first', '/admin/notification', visitor, login('/admin/notification')],
    ['a path containing admin sends a new member to /registration first', '/admin', newMember, to('/registration')],
    ['a visitor may read public pages', '/plan/kodomo', visitor, allow],
    ['a visitor at / sees the landing page', '/', visitor, allow],
  ])('%s', (_rule, path, session, expected) => {
    expect(decideRoute(path, session)).toEqual(expected);
  });
});

describe('normalizePath: every way of asking for a page is one route', () => {
  it.each([
    ['/mypage', '/mypage'],
    ['/mypage/', '/mypage'],
    ['/mypage//', '/mypage'],
    ['//mypage', '/mypage'],
    ['/mypage/index.html', '/mypage'],
    ['/mypage/index.html/', '/mypage'],
    ['/mypage/index', '/mypage'],
    ['/mypage.html', '/mypage'],
    ['/MyPage', '/mypage'],
    ['/MYPAGE/INDEX.HTML', '/mypage'],
    ['/%6dypage', '/mypage'],
    ['/mypage%2findex.html', '/mypage'],
    ['/mypage%2Findex%2ehtml', '/mypage'],
    ['/%2e/mypage', '/mypage'],
    ['/kids/%2e%2e/mypage', '/mypage'],
    ['/kids/%252e%252e/mypage', '/mypage'],
    ['/kids/../mypage', '/mypage'],
    ['/./mypage/.', '/mypage'],
    ['/..', '/'],
    ['\\mypage\\index.html', '/mypage'],
    ['/mypage?x=1#y', '/mypage'],
    ['/registration/Kodomo/', '/registration/kodomo'],
    ['/ADMIN/members', '/admin/members'],
    ['/', '/'],
    ['/index.html', '/'],
    ['', '/'],
    ['/bad%zzpath', '/bad%zzpath'],
  ])('%s is %s', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });

  it.each(['/mypage/index.html', '/mypage/', '/MyPage', '/mypage%2findex.html', '/kids/%2e%2e/mypage', '/change-password/index.html', '/ADMIN/index.html', '/registration/kodomo/index.html'])(
    '%s needs the session check and sends a visitor to sign in',
    (path) => {
      expect(needsSessionCheck(path)).toBe(true);
      expect(decideRoute(path, visitor)).toEqual(login(path));
    },
  );

  it('the landing page under another name still sends a signed-up member to My Page', () => {
    expect(decideRoute('/index.html', member)).toEqual(to('/mypage'));
  });
});

describe('routeAccess: one row per route of the route tables', () => {
  const publicRoutes = [
    '/', '/login', '/kids', '/adult', '/musio_esatj', '/plan', '/plan/kodomo', '/plan/otona', '/plan/esatj', '/plan/other',
    '/plantable', '/signup', '/signup/kakaku', '/find-password', '/reset-password', '/timeline', '/timeline/kids',
    '/timeline/adult', '/timeline/musio_esatj', '/campaign', '/campaign-landing', '/error', '/support', '/support_confirm',
    '/terms', '/tokushoho', '/privacy',
  ];
  it.each(publicRoutes)('%s is public', (path) => {
    expect(routeAccess(path)).toBe('public');
    expect(decideRoute(path === '/' ? '/kids' : path, visitor)).toEqual(allow);
  });

  it.each([...SIGNED_IN_ROUTES, '/registration/esatj', '/registration/kodomo', '/registration/otona'])('%s needs sign-in', (path) => {
    expect(routeAccess(path)).toBe('signedIn');
    expect(decideRoute(path, visitor)).toEqual(login(path));
  });

  it.each(MEMBER_ROUTES)('%s needs sign-in and signed-up status', (path) => {
    expect(routeAccess(path)).toBe('member');
    expect(decideRoute(path, visitor)).toEqual(login(path));
    expect(decideRoute(path, newMember)).toEqual(to('/registration'));
    expect(decideRoute(path, member)).toEqual(allow);
  });

  it.each(['/admin', '/admin/SendMail', '/admin/SettingStep', '/admin/notification', '/admin/addAccount'])('%s is for admins', (path) => {
    expect(routeAccess(path)).toBe('admin');
    expect(decideRoute(path, admin)).toEqual(allow);
    expect(decideRoute(path, member)).toEqual(to('/mypage'));
  });

  it('treats a trailing slash as the same page', () => {
    expect(routeAccess('/mypage/')).toBe('member');
    expect(decideRoute('/mypage/', visitor)).toEqual(login('/mypage/'));
  });
});

describe('mustSignOutForMissingCard: the card rule at start-up (product decision 3)', () => {
  it.each([
    ['a signed-up member without a card is signed out', { isSignedUp: true, hasCard: false, isStaff: false, isAdmin: false }, true],
    ['a signed-up member with a card stays', { isSignedUp: true, hasCard: true, isStaff: false, isAdmin: false }, false],
    ['a member in the middle of registration stays', { isSignedUp: false, hasCard: false, isStaff: false, isAdmin: false }, false],
    ['a staff email stays without a card', { isSignedUp: true, hasCard: false, isStaff: true, isAdmin: false }, false],
    ['an admin stays without a card', { isSignedUp: true, hasCard: false, isStaff: false, isAdmin: true }, false],
  ])('%s', (_rule, session, expected) => {
    expect(mustSignOutForMissingCard(session)).toBe(expected);
  });
});

describe('needsSessionCheck', () => {
  it.each([
    ['/', true],
    ['/mypage', true],
    ['/registration/kodomo', true],
    ['/admin', true],
    ['/kids', false],
    ['/plan/kodomo', false],
    ['/_astro/app.js', false],
  ])('%s → %s', (path, expected) => {
    expect(needsSessionCheck(path)).toBe(expected);
  });
});
