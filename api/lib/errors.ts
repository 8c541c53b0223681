import { HTTPError } from 'h3';
import { errorStatus, type ApiErrorBody, type ApiErrorCode, type ApiErrorKey, type ApiIssue } from '../../src/domain/api-errors.ts';

/** An error the API answers on purpose: a catalogue code, its status, and never an internal message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly key: ApiErrorKey;
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ApiIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(key: ApiErrorKey, options: { code?: ApiErrorCode; issues?: ApiIssue[]; headers?: Record<string, string>; data?: Record<string, unknown>; cause?: unknown } = {}) {
    super(key, { cause: options.cause });
    this.key = key;
    this.status = errorStatus[key];
    this.code = options.code ?? key;
    this.issues = options.issues;
    this.headers = options.headers;
    this.data = options.data;
  }
}

const keyByStatus: Record<number, ApiErrorKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'requestTooLarge',
  429: 'tooManyRequests',
};

/** An AppError h3 wrapped (a validation's onError, a stream's error): it may sit a few causes deep. */
function appErrorWithin(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns anything thrown in a handler into the body and status the API answers with. */
export function describeError(error: unknown): { status: number; body: ApiErrorBody; headers?: Record<string, string>; expected: boolean } {
  const cause = appErrorWithin(error) ?? error;
  if (cause instanceof AppError) {
    const body: ApiErrorBody = { status: 'error', code: cause.code };
    if (cause.issues) body.issues = cause.issues;
    if (cause.data) body.data = cause.data;
    return { status: cause.status, body, ...(cause.headers ? { headers: cause.headers } : {}), expected: true };
  }
  if (HTTPError.isError(cause) && !cause.unhandled && cause.status < 500) {
    // h3's own refusals: unknown route, wrong method, malformed URL, body too large.
    const key = keyByStatus[cause.status] ?? 'badRequest';
    return { status: cause.status, body: { status: 'error', code: key }, expected: true };
  }
  return { status: 500, body: { status: 'error', code: 'internal' }, expected: false };
}
