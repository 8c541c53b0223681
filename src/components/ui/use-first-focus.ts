import { useEffect, type RefObject } from 'react';

const CONTROLS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

/** A control the person can see (not hidden, not of zero size). */
function isShown(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/**
 * Puts the first focus of a dialog on a control the person can see: its `[data-autofocus]`
 * element, else its first control. Headless UI focuses the dialog's own element, which has no
 * size, so a keyboard user saw no focus at all (issue 27).
 */
export function focusFirstControl(panel: HTMLElement | null): void {
  if (!panel) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== panel && panel.contains(active) && isShown(active)) return;
  const marked = panel.querySelector<HTMLElement>('[data-autofocus]');
  const target = marked && isShown(marked) ? marked : [...panel.querySelectorAll<HTMLElement>(CONTROLS)].find(isShown);
  target?.focus();
}

/** focusFirstControl once the dialog has opened (after Headless UI's own first focus). */
export function useFirstFocus(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => focusFirstControl(panel.current));
    });
    return () => cancelAnimationFrame(frame);
  }, [panel]);
}
