import * as v from 'valibot';

/** `page` in a query string: 1 when absent, a positive whole number otherwise. */
export const pageParam = v.optional(v.pipe(v.string('badRequest'), v.regex(/^[1-9]\d{0,5}$/, 'badRequest'), v.transform(Number)), '1');

/** One page of a list the console browses. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many pages a total fills (at least one, so "page 1 of 1" shows for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based range of rows a page shows ("21–40 of 45"), or null for an empty list. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } | null {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  return from > total ? null : { from, to: Math.min(total, page * pageSize) };
}
