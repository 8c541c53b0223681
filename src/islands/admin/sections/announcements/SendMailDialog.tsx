import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useState } from 'react';
import type { AdminAnnouncement } from '../../../../domain/admin/announcements.ts';
import { t, tf } from '../../../../i18n/ja.ts';
import { buttonClass, primaryButtonClass } from '../../ui.tsx';

/** Asks before an announcement is mailed: it goes out once, to every member who accepts event mail. */
export function SendMailDialog({ row, onConfirm, onClose }: { row: AdminAnnouncement; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [sending, setSending] = useState(false);
  return (
    <Dialog open onClose={() => !sending && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold text-brand-800">{t('admin.announcements.confirmTitle')}</DialogTitle>
            <Description className="mt-3 text-sm">{tf('admin.announcements.confirmBody', { title: row.title })}</Description>
            <p className="mt-2 text-sm text-muted">{t('admin.announcements.confirmNote')}</p>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className={buttonClass} onClick={onClose} disabled={sending}>
                {t('admin.cancel')}
              </button>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={sending}
                aria-busy={sending || undefined}
                onClick={() => {
                  setSending(true);
                  void onConfirm().finally(() => setSending(false));
                }}
              >
                {t('admin.announcements.confirmSend')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
