import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import type { TicketList as TicketListData, TicketStatus } from '../../../domain/support-schemas.ts';
import { ASSIGNEE_VIEWS, TICKET_SORTS, type AssigneeView, type TicketSort } from '../../../domain/support/desk.ts';
import { t, tf, type MessageKey, type PlainKey } from '../../../i18n/ja.ts';
import { LoadState } from '../ui.tsx';
import { inputClass } from '../../../components/ui/Field.tsx';
import { formatDateTime } from './format.ts';
import { WaitingClock } from './WaitingClock.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export type StatusTab = TicketStatus | '';

/** Tabs in the order staff work through them: unanswered first. */
const TABS: { status: StatusTab; label: PlainKey }[] = [
  { status: 'open', label: 'inbox.status.open' },
  { status: 'pending', label: 'inbox.status.pending' },
  { status: 'resolved', label: 'inbox.status.resolved' },
  { status: '', label: 'inbox.status.all' },
];

const viewLabel: Record<AssigneeView, PlainKey> = { '': 'inbox.view.all', me: 'inbox.view.me', none: 'inbox.view.none' };
const sortLabel: Record<TicketSort, PlainKey> = { newest: 'inbox.sort.newest', waiting: 'inbox.sort.waiting' };

interface Props {
  status: StatusTab;
  query: string;
  assignee: AssigneeView;
  sort: TicketSort;
  onAssignee(view: AssigneeView): void;
  onSort(sort: TicketSort): void;
  /** The last list read (kept on screen while the next one is read). */
  list: TicketListData | undefined;
  loading: boolean;
  /** Why the list could not be read. */
  error: MessageKey | undefined;
  selectedId: string | null;
  onStatus(status: StatusTab): void;
  onSearch(query: string): void;
  onPage(page: number): void;
  onOpen(id: string): void;
}

/** The inbox's list: status tabs with counts, search by email or number, newest first, 20 a page. */
export function TicketList({ status, query, assignee, sort, list, loading, error, selectedId, onStatus, onSearch, onPage, onOpen, onAssignee, onSort }: Props) {
  const [typed, setTyped] = useState(query);
  const selectedIndex = TABS.findIndex((tab) => tab.status === status);
  const countOf = (tab: StatusTab) => (list ? (tab ? list.counts[tab] : Object.values(list.counts).reduce((a, b) => a + b, 0)) : undefined);
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };

  return (
    <div className="space-y-4">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="inbox-search">
          {t('inbox.search')}
        </label>
        <input id="inbox-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={t('inbox.searchPlaceholder')} className={`${inputClass} min-w-0`} />
        <button type="submit" className="shrink-0 rounded-lg bg-brand-600 px-4 text-sm font-bold text-white hover:bg-brand-700">
          {t('inbox.searchSubmit')}
        </button>
      </form>
      {query && (
        <button
          type="button"
          onClick={() => {
            setTyped('');
            onSearch('');
          }}
          className="text-sm text-brand-700 underline"
        >
          {t('inbox.searchClear')}
        </button>
      )}
      {/* Two equal columns however wide a select's longest option is (at 375 px they ran past the screen's margin). */}
      <div className="grid grid-cols-[repeat(2,minmax(0,1fr))] gap-2">
        <div className="space-y-1">
          <label htmlFor="inbox-view" className="text-xs font-bold text-muted">
            {t('inbox.view')}
          </label>
          <select id="inbox-view" value={assignee} onChange={(event) => onAssignee(event.target.value as AssigneeView)} className={inputClass}>
            {ASSIGNEE_VIEWS.map((view) => (
              <option key={view} value={view}>
                {t(viewLabel[view])}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="inbox-sort" className="text-xs font-bold text-muted">
            {t('inbox.sort')}
          </label>
          <select id="inbox-sort" value={sort} onChange={(event) => onSort(event.target.value as TicketSort)} className={inputClass}>
            {TICKET_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(sortLabel[value])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TabGroup selectedIndex={selectedIndex} onChange={(index) => onStatus(TABS[index]!.status)}>
        <TabList aria-label={t('inbox.statusTabs')} className="flex gap-1 overflow-x-auto border-b border-brand-100">
          {TABS.map((tab) => (
            <Tab
              key={tab.label}
              className="-mb-px border-b-2 border-transparent px-2 py-2 text-sm font-bold whitespace-nowrap text-muted data-hover:text-ink data-selected:border-brand-600 data-selected:text-brand-800"
            >
              {t(tab.label)}
              {/* While the counts load, an unseen "(0)" keeps a count's place, so the tabs after it do not move (issue 27). */}
              {countOf(tab.status) === undefined ? (
                <span aria-hidden="true" className="invisible ml-1 text-xs font-normal">
                  (0)
                </span>
              ) : (
                <span className="ml-1 text-xs font-normal">({countOf(tab.status)})</span>
              )}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-3">
          {TABS.map((tab) => (
            <TabPanel key={tab.label}>
              <LoadState loading={loading} error={error}>
                {!list ? null : list.rows.length === 0 ? (
                  <p className="text-sm text-muted">{t('inbox.empty')}</p>
                ) : (
                  <div className="space-y-3">
                    <p className="text-xs text-muted">{tf('inbox.total', { total: list.total })}</p>
                    <ul className="divide-y divide-brand-100 rounded-xl ring-1 ring-brand-100">
                      {list.rows.map((row) => (
                        <li key={row.id}>
                          <button
                            type="button"
                            onClick={() => onOpen(row.id)}
                            aria-current={row.id === selectedId ? 'true' : undefined}
                            className="block w-full space-y-1 px-3 py-2.5 text-left hover:bg-brand-50 aria-[current=true]:bg-brand-50"
                          >
                            <span className="flex items-center justify-between gap-2 text-xs text-muted">
                              <span className="font-mono">{row.number}</span>
                              <StatusBadge status={row.status} />
                            </span>
                            <span className="block font-bold break-words">{row.title}</span>
                            <span className="block text-xs break-all text-muted">
                              {row.lastName} {row.firstName}・{row.email}
                            </span>
                            <span className="block text-xs text-muted">
                              {formatDateTime(row.createdAt)}
                              {row.assignee && `・${t('inbox.assignee')}：${row.assignee.name}`}
                            </span>
                            {row.clock && row.waitingSince && <WaitingClock waitingSince={row.waitingSince} clock={row.clock} />}
                          </button>
                        </li>
                      ))}
                    </ul>
                    {pages > 1 && (
                      <nav className="flex items-center justify-between text-sm" aria-label={tf('inbox.pageOf', { page: list.page, pages })}>
                        <button type="button" disabled={list.page <= 1} onClick={() => onPage(list.page - 1)} className="rounded-lg px-3 py-1.5 font-bold text-brand-700 ring-1 ring-brand-200 disabled:text-slate-400 disabled:ring-slate-200">
                          {t('inbox.previous')}
                        </button>
                        <span>{tf('inbox.pageOf', { page: list.page, pages })}</span>
                        <button type="button" disabled={list.page >= pages} onClick={() => onPage(list.page + 1)} className="rounded-lg px-3 py-1.5 font-bold text-brand-700 ring-1 ring-brand-200 disabled:text-slate-400 disabled:ring-slate-200">
                          {t('inbox.next')}
                        </button>
                      </nav>
                    )}
                  </div>
                )}
              </LoadState>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
