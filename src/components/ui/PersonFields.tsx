import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { birthYears } from '../../domain/auth-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { RequiredBadge, SelectField, TextField } from './Field.tsx';

const yearOptions = () =>
  birthYears().map((year) => ({
    value: String(year),
    label: `${year}${t('field.yearSuffix')}`,
  }));
const monthOptions = Array.from({ length: 12 }, (_, index) => {
  const month = String(index + 1).padStart(2, '0');
  return { value: month, label: `${index + 1}${t('field.monthSuffix')}` };
});

interface Pair {
  registrations: [UseFormRegisterReturn, UseFormRegisterReturn];
  errors: [FieldError | undefined, FieldError | undefined];
}

/** Last name, then first name, side by side (sign-up and the profile). */
export function NameFields({ registrations: [last, first], errors: [lastError, firstError] }: Pair) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField label={t('field.lastName')} registration={last} error={lastError} autoComplete="family-name" required />
      <TextField label={t('field.firstName')} registration={first} error={firstError} autoComplete="given-name" required />
    </div>
  );
}

/**
 * The birthday as year and month (sign-up and the profile). `required` (sign-up) starts both
 * empty with 「選択してください」 and marks the group required; the profile always has a value.
 */
export function BirthdayFields({ registrations: [year, month], errors: [yearError, monthError], required = false }: Pair & { required?: boolean }) {
  const placeholder = required ? t('field.selectShort') : undefined;
  const ariaRequired = required ? true : undefined;
  return (
    <fieldset>
      <legend className="mb-1 flex items-center gap-2 text-sm font-bold text-ink">
        {t('field.birthday')}
        {required && <RequiredBadge />}
      </legend>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label={t('field.birthYear')} registration={year} options={yearOptions()} placeholder={placeholder} error={yearError} aria-required={ariaRequired} />
        <SelectField label={t('field.birthMonth')} registration={month} options={monthOptions} placeholder={placeholder} error={monthError} aria-required={ariaRequired} />
      </div>
    </fieldset>
  );
}
