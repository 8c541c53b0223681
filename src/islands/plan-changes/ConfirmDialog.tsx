import { Description, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Modal } from '../../components/ui/Modal.tsx';
import { Phrases } from '../../components/ui/Phrases.tsx';

interface Props {
  title: string;
  description: string;
  children?: ReactNode;
  backLabel: string;
  confirmLabel: string;
  /** The confirm button in red: an action that ends something (cancellation). */
  danger?: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** Back or confirm, asked before a switch or a cancellation; the safe choice (back) has the focus. Mounted while open. */
export function ConfirmDialog({ title, description, children, backLabel, confirmLabel, danger = false, onBack, onConfirm }: Props) {
  return (
    <Modal onClose={onBack} role="alertdialog">
      <DialogTitle className="text-lg font-bold text-brand-800">{title}</DialogTitle>
      <Description className="mt-2 text-sm text-muted">
        <Phrases>{description}</Phrases>
      </Description>
      {children}
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes the focus in a confirm dialog */}
        <button type="button" autoFocus onClick={onBack} className="w-full rounded-full border border-slate-300 bg-white px-6 py-3 font-bold text-ink hover:bg-slate-50">
          <Phrases>{backLabel}</Phrases>
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className={`w-full rounded-full px-6 py-3 font-bold text-white ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-600 hover:bg-brand-700'}`}
        >
          <Phrases>{confirmLabel}</Phrases>
        </button>
      </div>
    </Modal>
  );
}

/** A label and a value in a dialog or a quote. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="font-bold text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
