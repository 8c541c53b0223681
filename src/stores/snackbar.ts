import { atom } from 'nanostores';
import { SNACKBAR_MS } from '../domain/constants.ts';
import { FLASH_COOKIE, type FlashKey } from '../domain/flash.ts';
import type { MessageKey } from '../i18n/ja.ts';
import { renderSnackbar } from '../lib/snackbar-view.ts';

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

/** Keeps a message for the next page (after a full navigation such as sign-in → My Page). */
export function flashMessage(key: FlashKey): void {
  document.cookie = `${FLASH_COOKIE}=${key}; Max-Age=60; Path=/; SameSite=Lax`;
}

// In the browser, the store draws itself: only pages whose islands use it load this code. It
// reacts to changes only, so loading it never wipes a message the head script is showing.
if (typeof document !== 'undefined') $snackbar.listen((message) => renderSnackbar(message, hideMessage));
