import { t, type PlainKey } from '../../../i18n/ja.ts';

/** The neutral notice of a section whose screen is not plugged in yet (see ../sections.ts). */
export function placeholderFor(label: PlainKey) {
  function PlaceholderSection() {
    return (
      <p className="rounded-xl bg-white px-5 py-4 text-sm ring-1 ring-brand-100" data-section-placeholder={label}>
        {t('admin.placeholder')}
      </p>
    );
  }
  return PlaceholderSection;
}
