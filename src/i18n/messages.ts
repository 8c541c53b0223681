import { inputLimitMessages } from './ja/input-limits.ts';
import { messages as coreMessages } from './ja/messages.ts';
import { documentsMessages } from './ja/documents-messages.ts';
import { mypageMessages } from './ja/mypage-messages.ts';
import { securityMessages } from './ja/security.ts';

/**
 * The messages of the catalogue (./ja.ts): what a snackbar, an alert or a field says. The API's
 * error codes are keys of this table, so the browser's API client reads it without the labels of
 * every screen (see ./catalogue.ts).
 */
export const messages = { ...coreMessages, ...securityMessages, ...mypageMessages, ...documentsMessages, ...inputLimitMessages } as const;

export type MessageKey = keyof typeof messages;

/** Whether a string is a message key (for codes arriving from the API). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}
