import { FetchError, ofetch } from 'ofetch';
import { messageKeyForCode } from '../domain/api-errors.ts';
import type { MessageKey } from '../i18n/ja.ts';

/** The browser's API client: same origin, session in the HttpOnly cookie, JSON both ways. */
export const api = ofetch.create({
  baseURL: '/api',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  retry: 0,
});

/** The message key for a failed call: the API's code, or a network error. */
export function errorKeyOf(error: unknown): MessageKey {
  if (error instanceof FetchError) {
    if (error.response === undefined) return 'networkError';
    const data = error.data as { code?: unknown } | undefined;
    return messageKeyForCode(data?.code);
  }
  return 'internal';
}

/** The `data` a refusal carries (what the page needs to offer another way on), if any. */
export function errorDataOf<T extends object>(error: unknown): T | undefined {
  if (!(error instanceof FetchError)) return undefined;
  const data = (error.data as { data?: unknown } | undefined)?.data;
  return typeof data === 'object' && data !== null ? (data as T) : undefined;
}

/** The HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof FetchError ? error.response?.status : undefined;
}
