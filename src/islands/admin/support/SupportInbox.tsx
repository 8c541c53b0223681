import { useCallback, useState } from 'react';
import type { TicketDetail, TicketList as TicketListData, TicketReplyValues, TicketStatus } from '../../../domain/support-schemas.ts';
import type { AssigneeView, RefusedMail, StaffMember, TicketSort } from '../../../domain/support/desk.ts';
import { t } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { showError, showEvent } from '../../../stores/snackbar.ts';
import { LoadState } from '../ui.tsx';
import { useAdminData } from '../use-admin-data.ts';
import { addTicketNote, REFUSED_MAILS_PATH, replyToTicket, setTicketAssignee, setTicketStatus, SUPPORT_STAFF_PATH, ticketListPath, ticketPath } from './desk-api.ts';
import { TicketList, type StatusTab } from './TicketList.tsx';
import { TicketView } from './TicketView.tsx';
import { RefusedMails } from './TicketDesk.tsx';

/** The open ticket lives in the URL (?ticket=…), so the link in the support mail opens it. */
const TICKET_PARAM = 'ticket';

function ticketInUrl(): string | null {
  return new URLSearchParams(window.location.search).get(TICKET_PARAM);
}

function putTicketInUrl(id: string | null): void {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(TICKET_PARAM, id);
  else url.searchParams.delete(TICKET_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

type Done = 'ticketStatusChanged' | 'ticketReplySent' | 'ticketAssigned' | 'ticketNoteAdded';

/**
 * The support inbox of the admin console (product decision 18): tickets by status, newest first, search
 * by email or number; a ticket's conversation, its status, and the staff reply. Reads go through
 * the fetcher layer like every console section (useAdminData: loading, the error in Japanese in
 * place); a change shows the ticket the API answered and reads the list again (counts, order).
 */
export function SupportInbox() {
  const [status, setStatus] = useState<StatusTab>('open');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [assignee, setAssignee] = useState<AssigneeView>('');
  const [sort, setSort] = useState<TicketSort>('newest');
  const [selectedId, setSelectedId] = useState<string | null>(() => (typeof window === 'undefined' ? null : ticketInUrl()));
  const list = useAdminData<TicketListData>(ticketListPath({ status, q: query, page, assignee, sort }));
  const ticket = useAdminData<TicketDetail>(selectedId ? ticketPath(selectedId) : null);
  // Helpers beside the list: without them the desk still works (an empty menu, no refused mail).
  const staff = useAdminData<StaffMember[]>(SUPPORT_STAFF_PATH);
  const refused = useAdminData<RefusedMail[]>(REFUSED_MAILS_PATH);

  const open = useCallback((id: string) => {
    setSelectedId(id);
    putTicketInUrl(id);
  }, []);

  const back = useCallback(() => {
    setSelectedId(null);
    putTicketInUrl(null);
  }, []);

  const change = async (run: (id: string) => Promise<TicketDetail>, done: Done) => {
    try {
      ticket.replace(await run(selectedId!));
      list.reload();
      showEvent(done);
    } catch (error) {
      showError(errorKeyOf(error));
      throw error;
    }
  };

  const onStatus = (next: TicketStatus) => change((id) => setTicketStatus(id, next), 'ticketStatusChanged');
  const onReply = (reply: TicketReplyValues) => change((id) => replyToTicket(id, reply), 'ticketReplySent');
  const onAssign = (assigneeId: string | null) => change((id) => setTicketAssignee(id, assigneeId), 'ticketAssigned');
  const onNote = (body: string) => change((id) => addTicketNote(id, body), 'ticketNoteAdded');
  /** A new filter starts again at its first page. */
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const shown = ticket.data && ticket.data.id === selectedId ? ticket.data : undefined;

  return (
    // One column on a phone no wider than the screen: as an auto column the status tabs' width
    // (they scroll sideways) widened it past the right margin.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <section aria-label={t('inbox.title')} className={selectedId ? 'hidden lg:block' : undefined}>
        <TicketList
          status={status}
          query={query}
          list={list.data}
          loading={list.loading}
          error={list.error}
          selectedId={selectedId}
          assignee={assignee}
          sort={sort}
          onAssignee={refilter(setAssignee)}
          onSort={refilter(setSort)}
          onStatus={refilter(setStatus)}
          onSearch={refilter(setQuery)}
          onPage={setPage}
          onOpen={open}
        />
        <div className="mt-6">
          <RefusedMails mails={refused.data ?? []} title="inbox.refusedUnattached" />
        </div>
      </section>
      <div className={selectedId ? undefined : 'hidden lg:block'}>
        {!selectedId ? (
          <p className="rounded-xl p-6 text-sm text-muted ring-1 ring-brand-100">{t('inbox.select')}</p>
        ) : shown && !ticket.error ? (
          <TicketView key={shown.id} ticket={shown} onStatus={(next) => onStatus(next).catch(() => undefined)} onReply={onReply} onAssign={onAssign} onNote={onNote} staff={staff.data ?? []} onBack={back} />
        ) : (
          <div className="space-y-3">
            <button type="button" onClick={back} className="text-sm font-bold text-brand-700 underline lg:hidden">
              {t('inbox.back')}
            </button>
            <LoadState loading={!ticket.error} error={ticket.error}>
              {null}
            </LoadState>
          </div>
        )}
      </div>
    </div>
  );
}
