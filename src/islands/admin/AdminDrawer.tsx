import { Dialog, DialogBackdrop, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { DrawerPanel } from '../../components/ui/DrawerPanel.tsx';
import { t } from '../../i18n/ja.ts';

/**
 * The console's menu drawer under 600 px. Its own chunk (with the dialog library), loaded when the
 * menu is first opened: no console page needs it to draw its section (issue 27).
 */
export default function AdminDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 drawer:hidden" id="admin-drawer">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DrawerPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
        <div className="flex items-center justify-between">
          <DialogTitle className="text-lg font-bold text-brand-800">{t('admin.menu')}</DialogTitle>
          <button type="button" onClick={onClose} className="rounded-full px-3 py-1 text-sm font-bold text-brand-700 hover:bg-brand-50">
            {t('admin.closeMenu')}
          </button>
        </div>
        <nav aria-label={t('admin.menu')}>{children}</nav>
      </DrawerPanel>
    </Dialog>
  );
}
