/**
 * What the members section reads (GET /api{path}): the list's page at /admin/members?…, a member at
 * /admin/members/{id}. One home for the paths: the sections read them, and the console starts the
 * addressed one early through the same fetcher key (`initialRead` in sections.ts).
 */
export const memberListRead = (search: string) => `/v2/admin/members${search}`;
export const memberRead = (id: string) => `/v2/admin/members/${encodeURIComponent(id)}`;
