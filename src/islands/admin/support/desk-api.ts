import type { TicketDetail, TicketReplyValues, TicketStatus } from '../../../domain/support-schemas.ts';
import type { AssigneeView, CannedReply, CannedReplyValues, TicketSort } from '../../../domain/support/desk.ts';
import { api } from '../../../lib/api.ts';

/**
 * The support desk's API (api-contract.md, admin support tickets, canned replies). Reads are paths
 * for the fetcher layer (`useAdminData`), as in every console section; writes answer with the
 * changed ticket or reply, which the desk puts in the fetcher cache before reading the list again.
 */
const tickets = '/v2/admin/support-tickets';
const canned = '/v2/admin/canned-replies';

export const SUPPORT_STAFF_PATH = '/v2/admin/support-staff';
/** Refused replies that named no ticket. */
export const REFUSED_MAILS_PATH = '/v2/admin/support-refused-mails';

export interface TicketQuery {
  status: TicketStatus | '';
  q: string;
  page: number;
  assignee: AssigneeView;
  sort: TicketSort;
}

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/** The inbox's list: only the filters that are set (the newest-first order is the default). */
export function ticketListPath({ status, q, page, assignee, sort }: TicketQuery): string {
  const query: Record<string, string> = { page: String(page) };
  if (status) query.status = status;
  if (q) query.q = q;
  if (assignee) query.assignee = assignee;
  if (sort !== 'newest') query.sort = sort;
  return withQuery(tickets, query);
}

export function ticketPath(id: string): string {
  return `${tickets}/${encodeURIComponent(id)}`;
}

/** Canned replies whose title or body has `q` (all of them for an empty one). */
export function cannedRepliesPath(q: string): string {
  return withQuery(canned, q ? { q } : {});
}

type Body = NonNullable<Parameters<typeof api>[1]>['body'];
const ticketWrite = async (path: string, method: 'PUT' | 'POST', body: Body) => (await api<{ data: TicketDetail }>(path, { method, body })).data;

export const setTicketStatus = (id: string, status: TicketStatus) => ticketWrite(ticketPath(id), 'PUT', { status });
export const setTicketAssignee = (id: string, assigneeId: string | null) => ticketWrite(ticketPath(id), 'PUT', { assigneeId });
export const replyToTicket = (id: string, reply: TicketReplyValues) => ticketWrite(`${ticketPath(id)}/replies`, 'POST', reply);
export const addTicketNote = (id: string, body: string) => ticketWrite(`${ticketPath(id)}/notes`, 'POST', { body });

export async function saveCannedReply(id: string | null, values: CannedReplyValues): Promise<CannedReply> {
  return (await api<{ data: CannedReply }>(id ? `${canned}/${encodeURIComponent(id)}` : canned, { method: id ? 'PUT' : 'POST', body: values })).data;
}

export async function deleteCannedReply(id: string): Promise<void> {
  await api(`${canned}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
