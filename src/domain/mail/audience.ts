import * as v from 'valibot';
import type { IsoDate } from '../billing/dates.ts';
import { isCalendarDay } from '../calendar-days.ts';

/**
 * Mass mail (spec §2, api-contract "mass mail"; product decision 9): the form's fields, and what they
 * mean. Who they pick is said once, in SQL (audienceWhere in api/features/mass-mail/queries.ts), and
 * held to the meanings below by the rule table beside it (audience-rule.test.ts).
 *
 * - selectList: `all` members, `normal` (a live kids/adult plan), `esatj` (a live ESAT-J plan),
 *   `test` (test accounts). Test accounts are only in `test`; staff and admins in none.
 * - dateRangeText: the sign-up dates `YYYY-MM-DD~YYYY-MM-DD` (Japan dates, both included) or empty.
 * - selectDuration: how long since sign-up: `1` under a month, `3` one to three months, `6` three to
 *   six months, `over` six months or more; empty for any.
 * - selectNumber: lessons per month of a live plan (4, 8, 30, 60); empty for any.
 * - eventCheck: only members who accept event mail. Mass mail is advertising mail (product decision 19), so
 *   the send itself always keeps to those; the flag only narrows the count shown as "matching".
 * - mailTest: the mail goes to the signed-in admin alone.
 */
export const selectLists = ['all', 'normal', 'esatj', 'test'] as const;
export type SelectList = (typeof selectLists)[number];
export const selectDurations = ['1', '3', '6', 'over'] as const;
export type SelectDuration = (typeof selectDurations)[number];
export const selectNumbers = ['4', '8', '30', '60'] as const;
export type SelectNumber = (typeof selectNumbers)[number];

export const MAIL_TITLE_MAX = 200;
export const MAIL_HTML_MAX = 100_000;

const flag = v.optional(v.union([v.boolean(), v.picklist(['true', 'false'])], 'badRequest'), false);
const toBool = (value: boolean | 'true' | 'false') => value === true || value === 'true';

/** `YYYY-MM-DD~YYYY-MM-DD`, from not after to; empty for any date. */
export function parseDateRange(text: string): { from: IsoDate; to: IsoDate } | null | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^(\d{4}-\d{2}-\d{2})\s*~\s*(\d{4}-\d{2}-\d{2})$/.exec(trimmed);
  if (!match || !isCalendarDay(match[1]!) || !isCalendarDay(match[2]!) || match[1]! > match[2]!) return 'invalid';
  return { from: match[1]!, to: match[2]! };
}

const audienceEntries = {
  selectList: v.optional(v.picklist(selectLists, 'badRequest'), 'all'),
  dateRangeText: v.optional(
    v.pipe(
      v.string('badRequest'),
      v.check((text) => parseDateRange(text) !== 'invalid', 'invalidDateRange'),
    ),
    '',
  ),
  selectDuration: v.optional(v.union([v.literal(''), v.picklist(selectDurations)], 'badRequest'), ''),
  selectNumber: v.optional(v.union([v.literal(''), v.picklist(selectNumbers), v.picklist([4, 8, 30, 60])], 'badRequest'), ''),
  eventCheck: flag,
  mailTest: flag,
};

const normalise = <T extends { selectNumber: string | number; eventCheck: boolean | 'true' | 'false'; mailTest: boolean | 'true' | 'false' }>(input: T) => ({
  ...input,
  selectNumber: String(input.selectNumber) as SelectNumber | '',
  eventCheck: toBool(input.eventCheck),
  mailTest: toBool(input.mailTest),
});

/** POST /api/v2/admin/mail/preview: the filters (title and body may be empty there). */
export const audienceSchema = v.pipe(
  v.object({ ...audienceEntries, mailTitle: v.optional(v.string('badRequest'), ''), mailHtml: v.optional(v.string('badRequest'), '') }),
  v.transform(normalise),
);
export type AudienceFilters = v.InferOutput<typeof audienceSchema>;

const requiredText = (max: number) => v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(max, 'tooLong'));

/** POST /api/v2/admin/mail: the filters, and the mail itself. */
export const massMailSchema = v.pipe(
  v.object({
    ...audienceEntries,
    mailTitle: requiredText(MAIL_TITLE_MAX),
    mailHtml: requiredText(MAIL_HTML_MAX),
    /** Send later (product decision 34): an ISO time with its offset; empty sends at once. */
    sendAt: v.optional(v.union([v.literal(''), v.pipe(v.string('badRequest'), v.isoTimestamp('badRequest'))], 'badRequest'), ''),
  }),
  v.transform(normalise),
);
export type MassMailInput = v.InferOutput<typeof massMailSchema>;

/** Lessons per month of a product id (`lessons-8` → 8). */
export function lessonsOfProduct(productId: string): number | undefined {
  const match = /^lessons-(\d+)$/.exec(productId);
  return match ? Number(match[1]) : undefined;
}

/** The preview's answer (api-contract "mass mail preview"). */
export interface MailPreview {
  /** Who would receive it: matching and accepting event mail (product decision 19). */
  recipients: number;
  /** Matching the filters, consent aside. */
  matching: number;
  /** Up to five recipients' addresses. */
  sample: string[];
}
