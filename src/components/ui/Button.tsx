import type { ButtonHTMLAttributes } from 'react';

/** The primary action: disabled (and saying so to screen readers) until the form is valid. */
export function SubmitButton({ children, busy, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button
      type="submit"
      aria-busy={busy || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-full bg-brand-600 px-6 py-3 text-base font-bold text-white shadow transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none"
      {...props}
    >
      {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/60 border-t-white" aria-hidden="true" />}
      {children}
    </button>
  );
}
