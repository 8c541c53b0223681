import { Dialog, DialogBackdrop, DialogTitle } from '@headlessui/react';
import { DrawerPanel } from '../../components/ui/DrawerPanel.tsx';
import { PhrasedText } from '../../components/ui/PhrasedText.tsx';
import { useId, useState, type ReactNode } from 'react';
import { isCurrentItem, memberMenu, type MenuGroup, type MenuItem, type MenuItemId } from '../../domain/member/menu.ts';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { showError } from '../../stores/snackbar.ts';
import { useHydratedStore } from '../../stores/use-hydrated-store.ts';
import { $subscriptions, INITIAL_SUBSCRIPTIONS, livePlans } from '../../stores/subscriptions.ts';

/** Each item's label cut into phrases when the page was built (BudouX stays on the server). */
export type MenuLabels = Record<MenuItemId, readonly string[]>;

interface Props {
  /** The page's path, for aria-current (the server knows it; the island need not wait for the URL). */
  path: string;
  /** The labels in phrases: a label breaks only between them (キッズ・大人プランの｜お申し込み). */
  labels: MenuLabels;
}

const itemClass =
  'block w-full rounded-lg px-4 py-2 text-left text-sm font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white disabled:cursor-not-allowed disabled:text-slate-600 disabled:hover:bg-transparent';

/**
 * My Page's menu (spec §2): grouped by the plans the member holds. From 600 px it is a side menu;
 * below, a button opens it as a drawer (Headless UI Dialog: focus is trapped, Escape closes).
 */
export default function MemberMenu({ path, labels }: Props) {
  const { status, list } = useHydratedStore($subscriptions, INITIAL_SUBSCRIPTIONS);
  const [open, setOpen] = useState(false);
  const groups = memberMenu(status === 'ready' ? livePlans(list) : null);
  return (
    <>
      <nav aria-label={t('member.menu')} className="hidden min-[600px]:block" aria-busy={status !== 'ready' && status !== 'failed'}>
        <MenuGroups groups={groups} path={path} labels={labels} />
      </nav>
      <div className="min-[600px]:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className="flex items-center gap-2 rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-bold text-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {t('mypage.menu.open')}
        </button>
        {/* Mounted only while open: Headless UI writes inline styles, which the CSP refuses in server HTML. */}
        {open && (
          <Dialog open onClose={() => setOpen(false)} className="relative z-50">
            <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
            <DrawerPanel className="fixed inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
              <div className="mb-3 flex items-center justify-between">
                <DialogTitle className="text-base font-bold text-brand-800">{t('member.menu')}</DialogTitle>
                <button type="button" onClick={() => setOpen(false)} className="rounded-full px-3 py-1 text-sm font-bold text-brand-700 hover:bg-brand-50">
                  {t('mypage.menu.close')}
                </button>
              </div>
              <nav aria-label={t('member.menu')}>
                <MenuGroups groups={groups} path={path} labels={labels} />
              </nav>
            </DrawerPanel>
          </Dialog>
        )}
      </div>
    </>
  );
}

function MenuGroups({ groups, path, labels }: { groups: MenuGroup[]; path: string; labels: MenuLabels }) {
  const baseId = useId();
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`${baseId}-${group.id}`}>
          <h2 id={`${baseId}-${group.id}`} className="px-4 pb-1 text-xs font-bold tracking-wide text-muted">
            {t(`mypage.group.${group.id}`)}
          </h2>
          <ul className="space-y-1">
            {group.items.map((item) => (
              <li key={item.id}>
                <MenuEntry item={item} path={path} phrases={labels[item.id]} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MenuEntry({ item, path, phrases }: { item: MenuItem; path: string; phrases: readonly string[] }) {
  const label = <PhrasedText phrases={phrases} />;
  if (item.id === 'logout') {
    return (
      <form method="post" action="/api/auth/signout">
        <button type="submit" className={itemClass}>
          {label}
        </button>
      </form>
    );
  }
  if (item.id === 'lessonReservation') return <LessonLink label={label} />;
  if (item.inactive) {
    return (
      <button type="button" disabled className={itemClass}>
        {label}
        <span className="text-xs">{t('mypage.item.inactive')}</span>
      </button>
    );
  }
  if (item.external) {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" className={itemClass}>
        {label}
        <span className="sr-only">{t('mypage.item.newWindow')}</span>
      </a>
    );
  }
  return (
    <a href={item.href} aria-current={isCurrentItem(item, path) ? 'page' : undefined} className={itemClass}>
      {label}
    </a>
  );
}

/** Lesson reservation: a single sign-on link from the server, then the browser goes there (spec §1). */
function LessonLink({ label }: { label: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const reply = await api<{ data: { url: string } }>('/v2/lesson-sso-link');
      window.location.assign(reply.data.url);
    } catch (error) {
      showError(errorKeyOf(error));
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void go()} disabled={busy} className={itemClass}>
      {label}
    </button>
  );
}
