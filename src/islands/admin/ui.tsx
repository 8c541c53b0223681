import { Children, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { pageCount, pageRange } from '../../domain/admin/paging.ts';
import { formatNumericDate, formatNumericDateTime } from '../../domain/format-date.ts';
import { t, tf, type MessageKey } from '../../i18n/ja.ts';
import { isPlainClick, navigateAdmin } from '../../stores/admin-location.ts';

/** Small pieces the console's sections share. */

/** 2026/04/01 09:30 in Japan time, or '-' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatNumericDateTime(iso) : t('common.none');
}

/** The date and the time, each kept whole: a narrow column breaks between them, not inside them. */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const [date, time] = formatDateTime(iso).split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{date}</span>
      {time && (
        <>
          {' '}
          <span className="whitespace-nowrap">{time}</span>
        </>
      )}
    </>
  );
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? formatNumericDate(iso) : t('common.none');
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="text-xl text-brand-800">{children}</h2>;
}

/** Loading and load errors, in place of the content. */
export function LoadState({ loading, error, children }: { loading: boolean; error: MessageKey | undefined; children: ReactNode }) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {t(error)}
      </p>
    );
  }
  // While a new answer loads over the last one (paging, a reload), the last one stays where it is,
  // dimmed: a loading line above it would push it down (layout shift; issue 27).
  const shown = Children.toArray(children).length > 0;
  return (
    <div aria-busy={loading} className={loading && shown ? 'opacity-60 transition-opacity' : undefined}>
      {loading && (
        <p role="status" className={shown ? 'sr-only' : 'py-4 text-sm text-muted'}>
          {t('common.loading')}
        </p>
      )}
      {children}
    </div>
  );
}

/** The 「テスト」 mark of test accounts, everywhere they are listed. */
export function TestBadge() {
  return <span className="inline-block rounded bg-accent-400 px-1.5 text-xs font-bold whitespace-nowrap text-ink">{t('admin.testBadge')}</span>;
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'good' | 'warn' | 'bad' }) {
  const colours = { neutral: 'bg-slate-100 text-slate-800', good: 'bg-brand-50 text-brand-800', warn: 'bg-amber-50 text-amber-900', bad: 'bg-red-50 text-red-800' }[tone];
  return <span className={`inline-block rounded px-1.5 text-xs font-bold whitespace-nowrap ${colours}`}>{children}</span>;
}

/** A wide table that scrolls sideways on a phone; keyboard users can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1)
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-brand-100">
      {children}
    </div>
  );
}

export const thClass = 'px-3 py-2 text-left text-xs font-bold whitespace-nowrap text-muted';

/** A table's header row: one cell a column. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead className="border-b border-brand-100 bg-brand-50/60">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={thClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Shows or hides a row's hidden detail row (`controls`); `rowLabel` names the row for screen readers. */
export function ExpandButton({ expanded, controls, onClick, children, rowLabel }: { expanded: boolean; controls: string; onClick(): void; children: ReactNode; rowLabel: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={expanded}
      aria-controls={controls}
      className="rounded-full px-2 py-1 text-xs font-bold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
      <span className="sr-only">{rowLabel}</span>
    </button>
  );
}
export const tdClass = 'px-3 py-2 align-top text-sm';
export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-brand-600 bg-white px-4 py-1.5 text-sm font-bold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-brand-600 px-5 py-2 text-sm font-bold text-white shadow hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none';

/** A link inside the console: moves without reloading the page. */
export function AdminLink({ href, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigateAdmin(href);
      }}
      {...props}
    >
      {children}
    </a>
  );
}

/** 「全 45 件中 21〜40 件」 and previous / next links. */
export function Pagination({ page, pageSize, total, hrefFor }: { page: number; pageSize: number; total: number; hrefFor: (page: number) => string }) {
  const pages = pageCount(total, pageSize);
  const range = pageRange(page, pageSize, total);
  const link = 'rounded-full px-3 py-1 text-sm font-bold text-brand-700 underline-offset-2 hover:underline';
  return (
    <nav aria-label={t('admin.pagination')} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p aria-live="polite">{range ? tf('admin.pageRange', { total, from: range.from, to: range.to }) : tf('admin.pageEmpty', { total })}</p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <AdminLink className={link} href={hrefFor(page - 1)} rel="prev">
            {t('admin.previousPage')}
          </AdminLink>
        ) : null}
        <span className="text-muted">{tf('admin.pageOf', { page, pages })}</span>
        {page < pages ? (
          <AdminLink className={link} href={hrefFor(page + 1)} rel="next">
            {t('admin.nextPage')}
          </AdminLink>
        ) : null}
      </div>
    </nav>
  );
}
