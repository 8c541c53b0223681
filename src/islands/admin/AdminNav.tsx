import { adminPath } from '../../domain/admin/navigation.ts';
import { t } from '../../i18n/ja.ts';
import { isPlainClick } from '../../stores/admin-location.ts';
import type { AdminSection, AdminSessionName } from './sections.ts';

/**
 * The sidebar (and the drawer's) list of sections the role may open (product decision 32); the
 * current one is marked for screen readers too.
 */
export function AdminNav({ sections, current, locked, onNavigate }: { sections: AdminSection[]; current: AdminSessionName; locked: boolean; onNavigate: (href: string) => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {sections.map((section) => {
        const href = adminPath(section.session);
        const disabled = locked && section.session !== 'security';
        return (
          <li key={section.session}>
            {disabled ? (
              <span className="block rounded-lg px-4 py-2 text-sm text-slate-500">{t(section.label)}</span>
            ) : (
              <a
                href={href}
                aria-current={section.session === current ? 'page' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  onNavigate(href);
                }}
                className="block rounded-lg px-4 py-2 text-sm font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {t(section.label)}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
