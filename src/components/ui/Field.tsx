import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { isMessageKey, t } from '../../i18n/ja.ts';

/** The Japanese message for a field error: schemas carry catalogue keys as their messages. */
export function errorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return isMessageKey(error.message) ? t(error.message) : t('badRequest');
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** The 「必須」 badge; screen readers hear "required" from aria-required instead. */
export function RequiredBadge() {
  return (
    <span aria-hidden="true" className="rounded bg-red-50 px-1.5 text-xs font-bold text-red-700">
      {t('field.required')}
    </span>
  );
}

/** Label, control, hint and error, wired together for screen readers. */
export function FieldShell({ id, label, required, hint, error, children }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-bold text-ink">
          {label}
        </label>
        {required && <RequiredBadge />}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="min-h-5 text-sm font-medium text-red-700" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
  /** Shown under the input, before the hint (the password's "show" switch). */
  below?: ReactNode;
};

export function TextField({ label, registration, error, hint, required, below, ...input }: TextFieldProps) {
  const id = useId();
  const message = errorText(error);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={message}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={message ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].join(' ').trim()}
        {...input}
        {...registration}
      />
      {below}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
  label: string;
  /** The form's field; without it the select is controlled through `value` and `onChange`. */
  registration?: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  /** The first, empty option (「選択してください」): nothing is chosen until the person chooses. */
  placeholder?: string;
  error?: FieldError | undefined;
  hint?: string;
};

/** A native <select> with the same label, hint and error wiring as TextField. */
export function SelectField({ label, registration, options, placeholder, error, hint, required, ...select }: SelectFieldProps) {
  const id = useId();
  const message = errorText(error);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={message}>
      <select
        id={id}
        className={inputClass}
        aria-invalid={message ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].join(' ').trim()}
        {...select}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string | undefined;
  /** Shown under the text area, before the hint (a character count). */
  below?: ReactNode;
};

/** A multi-line text with the same label, hint and error wiring as TextField. */
export function TextAreaField({ label, registration, error, hint, required, below, rows = 8, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const message = errorText(error);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={message}>
      <textarea
        id={id}
        rows={rows}
        className={`${inputClass} resize-y leading-relaxed`}
        aria-invalid={message ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].join(' ').trim()}
        {...textarea}
        {...registration}
      />
      {below}
    </FieldShell>
  );
}

/** A password input with a "show" checkbox, so people can check what they typed on a phone. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'below'>) {
  const [visible, setVisible] = useState(false);
  const toggleId = useId();
  const toggle = (
    <div className="flex items-center gap-2 pt-1 text-sm">
      <input id={toggleId} type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} className="h-4 w-4 accent-brand-600" />
      <label htmlFor={toggleId}>{t('field.showPassword')}</label>
    </div>
  );
  return <TextField {...props} type={visible ? 'text' : 'password'} spellCheck={false} autoCapitalize="off" below={toggle} />;
}
