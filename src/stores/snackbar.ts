import { atom } from 'nanostores';
import { SNACKBAR_MS } from '../domain/constants.ts';
import { isMessageKey, type MessageKey } from '../i18n/ja.ts';

export type SnackbarKind = 'event' | 'error';
export interface SnackbarMessage {
  kind: SnackbarKind;
  key: MessageKey;
  id: number;
}

/** The message on screen: green for events, red for errors; each clears after 2 seconds. */
export const $snackbar = atom<SnackbarMessage | null>(null);

let timer: ReturnType<typeof setTimeout> | undefined;
let sequence = 0;

export function showMessage(kind: SnackbarKind, key: MessageKey): void {
  clearTimeout(timer);
  $snackbar.set({ kind, key, id: ++sequence });
  timer = setTimeout(hideMessage, SNACKBAR_MS);
}

export const showEvent = (key: MessageKey) => showMessage('event', key);
export const showError = (key: MessageKey) => showMessage('error', key);

export function hideMessage(): void {
  clearTimeout(timer);
  $snackbar.set(null);
}

const FLASH_KEY = 'musio:flash';

/** Keeps a message for the next page (after a full navigation such as sign-out → /). */
export function flashMessage(kind: SnackbarKind, key: MessageKey): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, key }));
  } catch {
    // Storage may be unavailable (private mode): the message is simply not carried over.
  }
}

/** Shows the message a previous page left, if any. */
export function showFlashedMessage(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { kind, key } = JSON.parse(raw) as { kind?: unknown; key?: unknown };
    if ((kind === 'event' || kind === 'error') && isMessageKey(key)) showMessage(kind, key);
  } catch {
    // A malformed entry is dropped.
  }
}
