import type { MessageKey } from '../i18n/ja.ts';

/**
 * Messages shown on the next page after a full navigation (the `flash` cookie, read by the inline
 * head script). Only these keys travel that way; the page carries their texts.
 */
export const FLASH_COOKIE = 'flash';
export const flashKeys = ['login', 'logout', 'signupSucceeded', 'passwordResetSucceeded', 'cancellationSucceeded', 'accountClosed', 'emailChanged'] as const satisfies readonly MessageKey[];
export type FlashKey = (typeof flashKeys)[number];
