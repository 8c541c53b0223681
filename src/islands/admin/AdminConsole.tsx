import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { adminPath, resolveAdminRoute } from '../../domain/admin/navigation.ts';
import { can } from '../../domain/admin/permissions.ts';
import { t } from '../../i18n/ja.ts';
import { $adminLocation, navigateAdmin } from '../../stores/admin-location.ts';
import { AdminNav } from './AdminNav.tsx';
import { adminSessions, sectionOf, sectionsFor, type AdminSessionName } from './sections.ts';
import { readAhead } from './use-admin-data.ts';
import { useConsoleRole } from './use-console-role.ts';
import { useTwoFactorGate } from './use-two-factor-gate.ts';

const AdminDrawer = lazy(() => import('./AdminDrawer.tsx'));

/**
 * The admin console (spec §2): a sidebar of sections, a drawer under 600 px, and the section the
 * path names. The server already let only admins in; every API call checks again.
 */
export default function AdminConsole() {
  const location = useStore($adminLocation);
  const route = resolveAdminRoute(location.pathname, adminSessions);
  const gate = useTwoFactorGate();
  const role = useConsoleRole();
  const allowed = sectionsFor(role);
  // A section outside the role (product decision 32) shows the first one the role may open.
  const permitted = role === undefined || allowed.some((entry) => entry.session === route.session) ? route.session : ((allowed[0]?.session ?? 'security') as AdminSessionName);
  // ADMIN_REQUIRE_2FA without a second factor: only the security settings are open.
  const locked = gate === 'enrolmentRequired' || gate === 'sessionRequired';
  const session = locked ? 'security' : permitted;
  const section = sectionOf(session);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's chunk is asked for when the menu is first opened; it stays mounted after.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Closed without moving on (Escape, the backdrop, 閉じる): focus goes back to the menu button,
  // once the drawer is gone (the page behind it is inert until then). The dialog library restores
  // focus from the focus moves it saw, and it arrives only with the drawer, after the button was
  // pressed.
  const refocusMenu = useRef(false);
  const closeDrawer = () => {
    refocusMenu.current = true;
    setDrawerOpen(false);
  };
  useEffect(() => {
    if (drawerOpen || !refocusMenu.current) return;
    refocusMenu.current = false;
    menuButton.current?.focus();
  }, [drawerOpen]);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The addressed section's chunk is fetched while the role is read, not after (issue 27: the
  // section paints one round trip sooner).
  useEffect(() => {
    if (route.isKnown) void sectionOf(route.session).load();
  }, [route.isKnown, route.session]);

  // With the role known at once (the server's hint), the addressed section's first read starts
  // with its chunk, never for a role that may not open it (issue 27).
  const readAheadStarted = useRef(false);
  useEffect(() => {
    if (readAheadStarted.current) return;
    readAheadStarted.current = true;
    const addressed = sectionOf(route.session);
    if (!route.isKnown || locked || !can(role, addressed.permission)) return;
    const path = addressed.initialRead?.(route.rest, location.search);
    if (path) readAhead(path);
  }, [route, location.search, role, locked]);

  // An unknown /admin/{session} shows the first section, at its own address (product decision 10).
  useEffect(() => {
    if (!route.isKnown || permitted !== route.session) navigateAdmin(adminPath(permitted), { replace: true });
  }, [route.isKnown, route.session, permitted]);

  useEffect(() => {
    // The page's title goes on to the console's and the service's names: only the section changes.
    const rest = `｜${t('admin.title')}`;
    const at = document.title.indexOf(rest);
    document.title = `${t(section.label)}${at >= 0 ? document.title.slice(at) : rest}`;
    // After moving to another section, screen readers start at its heading.
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [section.label, location.pathname]);

  const Section = section.component;
  const go = (href: string) => {
    setDrawerOpen(false);
    navigateAdmin(href);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-24 drawer:grid drawer:grid-cols-[13rem_minmax(0,1fr)] drawer:gap-8">
      <div className="mb-4 flex items-center gap-3 drawer:hidden">
        <button
          ref={menuButton}
          type="button"
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          className="inline-flex items-center gap-2 rounded-full border border-brand-600 px-4 py-1.5 text-sm font-bold text-brand-700"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('admin.openMenu')}
        </button>
      </div>
      <nav aria-label={t('admin.menu')} className="hidden drawer:block">
        <AdminNav sections={allowed} current={session} locked={locked} onNavigate={go} />
      </nav>
      {drawerUsed && (
        <Suspense fallback={null}>
          <AdminDrawer open={drawerOpen} onClose={closeDrawer}>
            <AdminNav sections={allowed} current={session} locked={locked} onNavigate={go} />
          </AdminDrawer>
        </Suspense>
      )}
      <div className="min-w-0">
        <h1 ref={heading} id="content" tabIndex={-1} className="text-2xl text-brand-800">
          {t(section.label)}
        </h1>
        {locked && (
          <p role="alert" className="mt-4 rounded-lg bg-accent-400/20 px-4 py-3 text-sm font-medium">
            {t(gate === 'sessionRequired' ? 'twoFactorSessionRequired' : 'twoFactorEnrolmentRequired')}
          </p>
        )}
        <div className="mt-6">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                {t('common.loading')}
              </p>
            }
          >
            {role === undefined ? (
              <p role="status" className="text-sm text-muted">
                {t('common.loading')}
              </p>
            ) : (
              <Section key={session} rest={session === route.session ? route.rest : []} search={location.search} />
            )}
          </Suspense>
        </div>
      </div>
    </div>
  );
}
