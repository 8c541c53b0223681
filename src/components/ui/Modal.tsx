import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useRef, type ReactNode } from 'react';
import { useFirstFocus } from './use-first-focus.ts';

const widths = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl', '2xl': 'max-w-2xl' } as const;

interface ModalProps {
  onClose: () => void;
  /** alertdialog for a question that interrupts (delete, confirm). */
  role?: 'dialog' | 'alertdialog';
  width?: keyof typeof widths;
  /** Stacking: the 3-D Secure stand-in opens above the card dialog (z-[70]). */
  layer?: 'z-50' | 'z-[70]';
  children: ReactNode;
}

/**
 * Every dialog's frame (Headless UI: focus trapped, Escape and the backdrop close): the dimmed
 * backdrop and a centred white panel that scrolls with the page when taller than the screen.
 * Mount it only while open: Headless UI writes inline styles, which the CSP refuses in server HTML.
 */
export function Modal({ onClose, role, width = 'md', layer = 'z-50', children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useFirstFocus(panel);
  return (
    <Dialog open onClose={onClose} role={role} className={`relative ${layer}`}>
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      {/* The top padding keeps the panel clear of the snackbars, which move to the top while a dialog is open (global.css). */}
      <div className="fixed inset-0 overflow-y-auto px-4 pt-20 pb-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel ref={panel} className={`w-full ${widths[width]} rounded-2xl bg-white p-6 shadow-xl`}>{children}</DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
