import { useStore } from '@nanostores/react';
import type { MemberAnnouncement } from '../../domain/admin/announcements.ts';
import { formatDate } from '../../domain/format-date.ts';
import { t } from '../../i18n/ja.ts';
import { $announcements } from '../../lib/server-data.ts';

/** My Page's announcements: the visible ones from the admin console (product decision 5), newest first. */
export default function Announcements() {
  const { data, error } = useStore($announcements);
  // undefined while loading, null when the read failed.
  const items: MemberAnnouncement[] | null | undefined = error ? null : data;
  return (
    <section aria-labelledby="member-announcements" aria-busy={items === undefined} className="mt-10">
      <h2 id="member-announcements" className="text-lg text-brand-800">
        {t('member.announcements')}
      </h2>
      {items === undefined ? (
        <p className="mt-3 text-sm text-muted">{t('common.loading')}</p>
      ) : items === null ? (
        <p className="mt-3 text-sm text-muted">{t('member.announcementsFailed')}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('member.announcementsEmpty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100 rounded-2xl bg-white ring-1 ring-brand-100">
          {items.map((item, index) => (
            <li key={item.id}>
              <details open={index === 0} className="group px-5 py-3">
                <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 text-sm">
                  <time dateTime={item.created_at} className="text-muted tabular-nums">
                    {formatDate(item.created_at)}
                  </time>
                  <span className="font-bold">{item.title}</span>
                </summary>
                <p className="mt-2 text-sm whitespace-pre-wrap">{item.description}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
