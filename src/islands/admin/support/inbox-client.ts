import type { $Fetch } from 'ofetch';
import type { TicketDetail, TicketList, TicketReplyValues, TicketStatus } from '../../../domain/support-schemas.ts';
import { api } from '../../../lib/api.ts';

/** What the inbox needs from the API (api-contract.md, admin support tickets). */
export interface SupportInboxClient {
  listTickets(query: { status: TicketStatus | ''; q: string; page: number; accountId?: string }): Promise<TicketList>;
  getTicket(id: string): Promise<TicketDetail>;
  setStatus(id: string, status: TicketStatus): Promise<TicketDetail>;
  reply(id: string, reply: TicketReplyValues): Promise<TicketDetail>;
}

/** The inbox's calls over an ofetch client with base `/api` (the site's `api` unless given another). */
export function createSupportInboxClient(fetcher: $Fetch = api): SupportInboxClient {
  const base = '/v2/admin/support-tickets';
  const path = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    listTickets: async ({ status, q, page, accountId }) => {
      const query: Record<string, string> = { page: String(page) };
      if (status) query.status = status;
      if (q) query.q = q;
      if (accountId) query.accountId = accountId;
      return (await fetcher<{ data: TicketList }>(base, { query })).data;
    },
    getTicket: async (id) => (await fetcher<{ data: TicketDetail }>(path(id))).data,
    setStatus: async (id, status) => (await fetcher<{ data: TicketDetail }>(path(id), { method: 'PUT', body: { status } })).data,
    reply: async (id, reply) => (await fetcher<{ data: TicketDetail }>(`${path(id)}/replies`, { method: 'POST', body: reply })).data,
  };
}
