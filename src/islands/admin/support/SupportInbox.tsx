import { useCallback, useEffect, useState } from 'react';
import type { TicketDetail, TicketList as TicketListData, TicketReplyValues, TicketStatus } from '../../../domain/support-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { showError, showEvent } from '../../../stores/snackbar.ts';
import type { AssigneeView, RefusedMail, StaffMember, TicketSort } from '../../../domain/support/desk.ts';
import type { SupportInboxClient } from './inbox-client.ts';
import { TicketList, type StatusTab } from './TicketList.tsx';
import { TicketView } from './TicketView.tsx';
import { RefusedMails } from './TicketDesk.tsx';

interface Props {
  client: SupportInboxClient;
}

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

/**
 * The support inbox of the admin console (product decision 18): tickets by status, newest first, search
 * by email or number; a ticket's conversation, its status, and the staff reply. Self-contained:
 * it needs only the API client, so the console shell can render it in its support section.
 */
export function SupportInbox({ client }: Props) {
  const [status, setStatus] = useState<StatusTab>('open');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [assignee, setAssignee] = useState<AssigneeView>('');
  const [sort, setSort] = useState<TicketSort>('newest');
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [refused, setRefused] = useState<RefusedMail[]>([]);
  const [list, setList] = useState<TicketListData | undefined>(undefined);
  const [selectedId, setSelectedId] = useState<string | null>(() => (typeof window === 'undefined' ? null : ticketInUrl()));
  const [ticket, setTicket] = useState<TicketDetail | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let active = true;
    client.listTickets({ status, q: query, page, assignee, sort }).then(
      (data) => active && setList(data),
      (error: unknown) => active && showError(errorKeyOf(error)),
    );
    return () => {
      active = false;
    };
  }, [client, status, query, page, assignee, sort, reloads]);

  useEffect(() => {
    let active = true;
    client.listStaff().then(
      (rows) => active && setStaff(rows),
      () => undefined,
    );
    client.listRefused().then(
      (rows) => active && setRefused(rows),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client]);

  useEffect(() => {
    if (!selectedId) return;
    let active = true;
    client.getTicket(selectedId).then(
      (data) => active && setTicket(data),
      (error: unknown) => {
        if (!active) return;
        showError(errorKeyOf(error));
        setSelectedId(null);
        putTicketInUrl(null);
      },
    );
    return () => {
      active = false;
    };
  }, [client, selectedId]);

  const open = useCallback((id: string) => {
    setSelectedId(id);
    putTicketInUrl(id);
  }, []);

  const back = useCallback(() => {
    setSelectedId(null);
    putTicketInUrl(null);
  }, []);

  /** Runs a change, shows the updated ticket and refreshes the list (counts, order). */
  const change = async (run: () => Promise<TicketDetail>, done: 'ticketStatusChanged' | 'ticketReplySent' | 'ticketAssigned' | 'ticketNoteAdded') => {
    try {
      setTicket(await run());
      setReloads((n) => n + 1);
      showEvent(done);
    } catch (error) {
      showError(errorKeyOf(error));
      throw error;
    }
  };

  const onStatus = (next: TicketStatus) => change(() => client.setStatus(selectedId!, next), 'ticketStatusChanged');
  const onReply = (reply: TicketReplyValues) => change(() => client.reply(selectedId!, reply), 'ticketReplySent');
  const onAssign = (assigneeId: string | null) => change(() => client.setAssignee(selectedId!, assigneeId), 'ticketAssigned');
  const onNote = (body: string) => change(() => client.addNote(selectedId!, body), 'ticketNoteAdded');
  const findCanned = useCallback((q: string) => client.listCanned(q), [client]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <section aria-label={t('inbox.title')} className={selectedId ? 'hidden lg:block' : undefined}>
        <TicketList
          status={status}
          query={query}
          list={list}
          selectedId={selectedId}
          assignee={assignee}
          sort={sort}
          onAssignee={(next) => {
            setList(undefined);
            setAssignee(next);
            setPage(1);
          }}
          onSort={(next) => {
            setList(undefined);
            setSort(next);
            setPage(1);
          }}
          onStatus={(next) => {
            setList(undefined);
            setStatus(next);
            setPage(1);
          }}
          onSearch={(next) => {
            setList(undefined);
            setQuery(next);
            setPage(1);
          }}
          onPage={(next) => {
            setList(undefined);
            setPage(next);
          }}
          onOpen={open}
        />
        <div className="mt-6">
          <RefusedMails mails={refused} title="inbox.refusedUnattached" />
        </div>
      </section>
      <div className={selectedId ? undefined : 'hidden lg:block'}>
        {ticket && ticket.id === selectedId ? (
          <TicketView key={ticket.id} ticket={ticket} onStatus={(next) => onStatus(next).catch(() => undefined)} onReply={onReply} onAssign={onAssign} onNote={onNote} findCanned={findCanned} staff={staff} onBack={back} />
        ) : (
          <p className="rounded-xl p-6 text-sm text-muted ring-1 ring-brand-100">{selectedId ? t('common.loading') : t('inbox.select')}</p>
        )}
      </div>
    </div>
  );
}
