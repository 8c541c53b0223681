import type { $Fetch } from 'ofetch';
import type { TicketDetail, TicketList, TicketReplyValues, TicketStatus } from '../../../domain/support-schemas.ts';
import type { AssigneeView, CannedReply, CannedReplyValues, RefusedMail, StaffMember, TicketSort } from '../../../domain/support/desk.ts';
import { api } from '../../../lib/api.ts';

export interface TicketQuery {
  status: TicketStatus | '';
  q: string;
  page: number;
  accountId?: string;
  assignee?: AssigneeView;
  sort?: TicketSort;
}

/** What the inbox needs from the API (api-contract.md, admin support tickets, canned replies). */
export interface SupportInboxClient {
  listTickets(query: TicketQuery): Promise<TicketList>;
  getTicket(id: string): Promise<TicketDetail>;
  setStatus(id: string, status: TicketStatus): Promise<TicketDetail>;
  setAssignee(id: string, assigneeId: string | null): Promise<TicketDetail>;
  reply(id: string, reply: TicketReplyValues): Promise<TicketDetail>;
  addNote(id: string, body: string): Promise<TicketDetail>;
  listStaff(): Promise<StaffMember[]>;
  /** Refused replies that named no ticket. */
  listRefused(): Promise<RefusedMail[]>;
  listCanned(q: string): Promise<CannedReply[]>;
  saveCanned(id: string | null, values: CannedReplyValues): Promise<CannedReply>;
  deleteCanned(id: string): Promise<void>;
}

/** The inbox's calls over an ofetch client with base `/api` (the site's `api` unless given another). */
export function createSupportInboxClient(fetcher: $Fetch = api): SupportInboxClient {
  const base = '/v2/admin/support-tickets';
  const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const canned = '/v2/admin/canned-replies';
  return {
    listTickets: async ({ status, q, page, accountId, assignee, sort }) => {
      const query: Record<string, string> = { page: String(page) };
      if (status) query.status = status;
      if (q) query.q = q;
      if (accountId) query.accountId = accountId;
      if (assignee) query.assignee = assignee;
      if (sort && sort !== 'newest') query.sort = sort;
      return (await fetcher<{ data: TicketList }>(base, { query })).data;
    },
    getTicket: async (id) => (await fetcher<{ data: TicketDetail }>(path(id))).data,
    setStatus: async (id, status) => (await fetcher<{ data: TicketDetail }>(path(id), { method: 'PUT', body: { status } })).data,
    setAssignee: async (id, assigneeId) => (await fetcher<{ data: TicketDetail }>(path(id), { method: 'PUT', body: { assigneeId } })).data,
    reply: async (id, reply) => (await fetcher<{ data: TicketDetail }>(`${path(id)}/replies`, { method: 'POST', body: reply })).data,
    addNote: async (id, body) => (await fetcher<{ data: TicketDetail }>(`${path(id)}/notes`, { method: 'POST', body: { body } })).data,
    listStaff: async () => (await fetcher<{ data: StaffMember[] }>('/v2/admin/support-staff')).data,
    listRefused: async () => (await fetcher<{ data: RefusedMail[] }>('/v2/admin/support-refused-mails')).data,
    listCanned: async (q) => (await fetcher<{ data: CannedReply[] }>(canned, { query: q ? { q } : {} })).data,
    saveCanned: async (id, values) =>
      (await fetcher<{ data: CannedReply }>(id ? `${canned}/${encodeURIComponent(id)}` : canned, { method: id ? 'PUT' : 'POST', body: values })).data,
    deleteCanned: async (id) => {
      await fetcher(`${canned}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
  };
}
