import { useId } from 'react';
import type { FieldError, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import type { AnnouncementFormValues, AnnouncementMode } from '../../../../domain/admin/announcements.ts';
import { t, type PlainKey } from '../../../../i18n/ja.ts';
import { errorText, FieldShell, inputClass, RequiredBadge, TextField } from '../../../../components/ui/Field.tsx';
import { primaryButtonClass } from '../../ui.tsx';

interface Props {
  mode: AnnouncementMode;
  register: UseFormRegister<AnnouncementFormValues>;
  errors: Partial<Record<keyof AnnouncementFormValues, FieldError>>;
  /** Once the mail is sent, the mail choice cannot change (spec §4). */
  mailChoiceLocked: boolean;
  submitting: boolean;
  onSubmit: () => void;
}

/**
 * The announcement form (spec §2): title, body (8 rows), show on My Page, forward by mail. Until
 * 新規 or 編集 is chosen it is closed, with a note saying so; then the submit button names the mode.
 */
export function AnnouncementForm({ mode, register, errors, mailChoiceLocked, submitting, onSubmit }: Props) {
  const bodyId = useId();
  const bodyError = errorText(errors.description);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={t('admin.announcements.form')}
      className="rounded-2xl bg-white p-5 ring-1 ring-brand-100"
    >
      {mode === 'none' && <p className="mb-3 rounded-lg bg-brand-50 px-4 py-2 text-sm">{t('admin.announcements.chooseMode')}</p>}
      <fieldset disabled={mode === 'none'} className="space-y-1 disabled:opacity-60">
        <TextField label={t('admin.announcements.field.title')} registration={register('title')} error={errors.title} autoComplete="off" required />
        <FieldShell id={bodyId} label={t('admin.announcements.field.body')} required error={bodyError}>
          <textarea
            id={bodyId}
            rows={8}
            className={inputClass}
            aria-invalid={bodyError ? true : undefined}
            aria-required
            aria-describedby={`${bodyId}-error`}
            {...register('description')}
          />
        </FieldShell>
        <YesNoField label="admin.announcements.field.visible" registration={register('is_visible')} error={errors.is_visible} />
        <YesNoField
          label="admin.announcements.field.needMail"
          registration={register('need_send_mail')}
          error={errors.need_send_mail}
          disabled={mailChoiceLocked}
          hint={mailChoiceLocked ? t('admin.announcements.mailLocked') : undefined}
        />
      </fieldset>
      {mode !== 'none' && (
        <div className="pt-3">
          <button type="submit" className={primaryButtonClass} disabled={submitting} aria-busy={submitting || undefined}>
            {t(mode === 'new' ? 'admin.announcements.submitNew' : 'admin.announcements.submitEdit')}
          </button>
        </div>
      )}
    </form>
  );
}

/** はい / いいえ as two radio buttons holding 'True' / 'False' (spec §3). */
function YesNoField({ label, registration, error, disabled, hint }: { label: PlainKey; registration: UseFormRegisterReturn; error?: FieldError | undefined; disabled?: boolean; hint?: string | undefined }) {
  const id = useId();
  const message = errorText(error);
  return (
    <fieldset
      className="space-y-1 pb-1"
      role="radiogroup"
      aria-required
      aria-invalid={message ? true : undefined}
      aria-describedby={`${id}-error${hint ? ` ${id}-hint` : ''}`}
      disabled={disabled}
    >
      <legend className="flex items-center gap-2 text-sm font-bold">
        {t(label)}
        <RequiredBadge />
      </legend>
      <div className="flex gap-6 pt-1">
        {(['True', 'False'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="h-4 w-4 accent-brand-600" {...registration} />
            {t(value === 'True' ? 'admin.yes' : 'admin.no')}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="min-h-5 text-sm font-medium text-red-700" aria-live="polite">
        {message}
      </p>
    </fieldset>
  );
}
