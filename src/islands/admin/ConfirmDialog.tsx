import { DialogTitle, Description } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { t } from '../../i18n/ja.ts';
import { buttonClass, primaryButtonClass } from './ui.tsx';
import { Modal } from '../../components/ui/Modal.tsx';

/**
 * The admin console's one confirmation: a modal question with a cancel and a confirm button (the
 * confirm is busy while it runs, and the dialog cannot be closed meanwhile).
 */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: { title: string; children: ReactNode; confirmLabel: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal onClose={() => !busy && onClose()}>
      <DialogTitle className="text-lg font-bold text-brand-800">{title}</DialogTitle>
      <Description as="div" className="mt-3 space-y-2 text-sm">
        {children}
      </Description>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClass} onClick={onClose} disabled={busy}>
          {t('admin.cancel')}
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
