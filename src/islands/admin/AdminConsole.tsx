import { Dialog, DialogBackdrop, DialogTitle } from '@headlessui/react';
import { DrawerPanel } from '../../components/ui/DrawerPanel.tsx';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { adminPath, resolveAdminRoute } from '../../domain/admin/navigation.ts';
import { t } from '../../i18n/ja.ts';
import { $adminLocation, navigateAdmin } from '../../stores/admin-location.ts';
import { AdminNav } from './AdminNav.tsx';
import { adminSessions, sectionOf, sectionsFor, type AdminSessionName } from './sections.ts';
import { useConsoleRole } from './use-console-role.ts';
import { useTwoFactorGate } from './use-two-factor-gate.ts';

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
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The addressed section's chunk is fetched while the role is read, not after (issue 27: the
  // section paints one round trip sooner).
  useEffect(() => {
    if (route.isKnown) void sectionOf(route.session).load();
  }, [route.isKnown, route.session]);

  // An unknown /admin/{session} shows the first section, at its own address (product decision 10).
  useEffect(() => {
    if (!route.isKnown || permitted !== route.session) navigateAdmin(adminPath(permitted), { replace: true });
  }, [route.isKnown, route.session, permitted]);

  useEffect(() => {
    document.title = `${t(section.label)}｜${t('admin.title')}`;
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
          type="button"
          onClick={() => setDrawerOpen(true)}
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
      <Dialog open={drawerOpen} onClose={() => setDrawerOpen(false)} className="relative z-50 drawer:hidden" id="admin-drawer">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
        <DrawerPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-bold text-brand-800">{t('admin.menu')}</DialogTitle>
            <button type="button" onClick={() => setDrawerOpen(false)} className="rounded-full px-3 py-1 text-sm font-bold text-brand-700 hover:bg-brand-50">
              {t('admin.closeMenu')}
            </button>
          </div>
          <nav aria-label={t('admin.menu')}>
            <AdminNav sections={allowed} current={session} locked={locked} onNavigate={go} />
          </nav>
        </DrawerPanel>
      </Dialog>
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
