import * as v from 'valibot';
import { supportFormSchema, type SupportInquiry } from '../../domain/support-schemas.ts';

/**
 * What the confirmation page shows: kept in this tab's sessionStorage, never in the URL (it is
 * personal data). Closing the tab, or logging out, forgets it.
 */
const KEY = 'musio:support-sent';

export interface SentInquiry {
  ticketNumber: string;
  inquiry: SupportInquiry;
}

const sentInquirySchema = v.object({ ticketNumber: v.pipe(v.string(), v.regex(/^S-\d{6,}$/)), inquiry: supportFormSchema });

export function rememberSentInquiry(sent: SentInquiry): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(sent));
  } catch {
    // Storage refused (private mode, full): the page then says there is nothing to show.
  }
}

/** The inquiry this tab sent last, or null. */
export function readSentInquiry(): SentInquiry | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (!stored) return null;
    const parsed = v.safeParse(sentInquirySchema, JSON.parse(stored));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
