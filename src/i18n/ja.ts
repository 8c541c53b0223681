import { accountsLabels } from './ja/accounts.ts';
import { billingLabels } from './ja/billing.ts';
import { adminLabels } from './ja/admin.ts';
import { mailLabels } from './ja/mail.ts';
import { memberChangesLabels } from './ja/member-changes.ts';
import { messages as coreMessages } from './ja/messages.ts';
import { mypageMessages } from './ja/mypage-messages.ts';
import { mypageLabels } from './ja/mypage.ts';
import { plansLabels } from './ja/plans.ts';
import { registrationLabels } from './ja/registration.ts';
import { securityMessages } from './ja/security.ts';
import { siteLabels } from './ja/site.ts';
import { supportLabels } from './ja/support.ts';

/**
 * The message catalogue, one file per area under ./ja/: every text a person reads in a snackbar,
 * an alert, next to a field or in a mail. Components and handlers never hold user-facing text
 * of their own: they carry a key. Where the specification gives the Japanese text it is used
 * verbatim (see ja.test.ts).
 */
export const messages = { ...coreMessages, ...securityMessages, ...mypageMessages } as const;

/** Labels of the site's own interface (navigation, forms, buttons); marketing copy lives in Sanity. */
export const labels = {
  ...siteLabels,
  ...accountsLabels,
  ...plansLabels,
  ...registrationLabels,
  ...billingLabels,
  ...memberChangesLabels,
  ...supportLabels,
  ...adminLabels,
  ...mailLabels,
  ...mypageLabels,
} as const;

export const ja = { ...messages, ...labels } as const;

export type MessageKey = keyof typeof messages;
export type LabelKey = keyof typeof labels;
type Key = MessageKey | LabelKey;

/** The names of the {placeholders} in a text, as a union of string literals. */
type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
type Placeholders<K extends Key> = PlaceholdersOf<(typeof ja)[K]>;
/** Keys whose text has placeholders: only tf() reads them. */
export type TemplateKey = { [K in Key]: Placeholders<K> extends never ? never : K }[Key];
export type PlainKey = Exclude<Key, TemplateKey>;

/** The Japanese text for a message or label key without placeholders. */
export function t(key: PlainKey): string {
  return ja[key];
}

/** A text with its {placeholders} filled; the type system asks for every placeholder by name. */
export function tf<K extends TemplateKey>(key: K, values: Record<Placeholders<K>, string | number>): string {
  const given = values as Record<string, string | number>;
  return ja[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(given, name) ? String(given[name]) : whole));
}

/** Whether a string is a message key (for codes arriving from the API). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}
