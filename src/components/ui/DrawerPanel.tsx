import { DialogPanel } from '@headlessui/react';
import { useRef, type ReactNode } from 'react';
import { useFirstFocus } from './use-first-focus.ts';

/** The panel of a side drawer (My Page's menu, the console's): first focus on a visible control. */
export function DrawerPanel({ className, children }: { className: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useFirstFocus(panel);
  return (
    <DialogPanel ref={panel} className={className}>
      {children}
    </DialogPanel>
  );
}
