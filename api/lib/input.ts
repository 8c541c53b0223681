import { assertBodySize, getValidatedQuery, getValidatedRouterParams, type H3Event } from 'h3';
import * as v from 'valibot';
import type { ApiIssue } from '../../src/domain/api-errors.ts';
import { INPUT_LIMITS, jsonNestsDeeperThan } from '../../src/domain/input-shape.ts';
import { withTextRules } from '../../src/domain/text.ts';
import { isMessageKey } from '../../src/i18n/ja.ts';
import { AppError } from './errors.ts';

/**
 * The plumbing under api/lib/validation.ts: h3 reads the input (body, query, route parameters),
 * the shared valibot schemas of src/domain check it, with the text rules of src/domain/text.ts in
 * front (no NUL byte anywhere). A failure answers 400 `{ status: 'error', code, issues }`.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Every route's body limit, counted while the body streams in (a chunked body has no
 * Content-Length to check first): past 64 KB the read fails with 413 `requestTooLarge`. Called
 * from the app's onRequest hook (api/app.ts), it returns nothing, so h3 goes straight on to the
 * route (h3's own `bodyLimit` middleware returns `next()`: one more promise step on every request,
 * bodiless reads too).
 */
export function limitBodySize(event: H3Event): void {
  assertBodySize(event, MAX_BODY_BYTES);
}

const atBoundary = new WeakMap<v.GenericSchema, v.GenericSchema>();

/** The schema as applied to outside input: text rules first; built once per schema. */
function boundarySchema<S extends v.GenericSchema>(schema: S): v.GenericSchema<unknown, v.InferOutput<S>> {
  let wrapped = atBoundary.get(schema);
  if (!wrapped) {
    // An empty body reads as no fields, as a form with nothing filled in would.
    wrapped = v.pipe(
      v.unknown(),
      v.transform((input) => input ?? {}),
      withTextRules(schema),
    );
    atBoundary.set(schema, wrapped);
  }
  return wrapped as v.GenericSchema<unknown, v.InferOutput<S>>;
}

/** The error a failed check answers with: one issue per field, its first message. */
function validationError(issues: readonly v.BaseIssue<unknown>[]): AppError {
  const out = toIssues(issues);
  return new AppError('badRequest', { code: out[0]?.code ?? 'badRequest', issues: out });
}

const FORM_OR_JSON = /^(application\/json|application\/x-www-form-urlencoded)\b|\+json\b/i;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A JSON or form-encoded body (the spec's "(form)" calls accept both), read and checked. The
 * bytes (at most 64 KB, limitBodySize) must be UTF-8, and a JSON text no deeper than the input
 * limit, both checked before anything is parsed: a body of tens of thousands of `[` is refused
 * after one linear scan (docs/decisions/0037). Then the schema,
 * shape and text rules first, as for queries and parameters.
 */
export async function readValidatedInput<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  const type = event.req.headers.get('content-type') ?? '';
  if (type !== '' && !FORM_OR_JSON.test(type)) throw new AppError('badRequest');
  const value = parseBody(await event.req.arrayBuffer(), /^application\/x-www-form-urlencoded\b/i.test(type));
  const result = await v.safeParseAsync(boundarySchema(schema), value);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

/** The body's value: undefined when empty, the form's fields (a repeated key as an array), or the JSON. */
function parseBody(bytes: ArrayBuffer, isForm: boolean): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw bodyError('invalidUnicode');
  }
  if (text === '') return undefined;
  if (isForm) {
    const fields = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of new URLSearchParams(text)) {
      const present = fields[key];
      if (!Object.hasOwn(fields, key)) fields[key] = value;
      else if (Array.isArray(present)) present.push(value);
      else fields[key] = [present, value];
    }
    return fields;
  }
  if (jsonNestsDeeperThan(text, INPUT_LIMITS.depth)) throw bodyError('inputTooComplex');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('badRequest');
  }
}

/** A refusal of the whole body, in the same `{ code, issues }` shape as a field's. */
function bodyError(code: 'invalidUnicode' | 'inputTooComplex'): AppError {
  return new AppError('badRequest', { code, issues: [{ path: '', code }] });
}

/**
 * The query string (getQuery) and the route parameters (getRouterParams, decoded once), read and
 * checked by h3's getValidatedQuery and getValidatedRouterParams with the same wrapped schema and
 * the same `{ code, issues }` reply as bodies (docs/decisions/0032).
 */
export function readValidatedQuery<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return getValidatedQuery(event, boundarySchema(schema), { onError }) as Promise<v.InferOutput<S>>;
}

export function readValidatedParams<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return getValidatedRouterParams(event, boundarySchema(schema), { decode: true, onError }) as Promise<v.InferOutput<S>>;
}

/** h3's failure (Standard Schema issues, valibot's own objects) as our AppError; h3 throws it as the cause. */
function onError(result: { issues: readonly unknown[] }): AppError {
  return validationError(result.issues as readonly v.BaseIssue<unknown>[]);
}

function toIssues(issues: readonly v.BaseIssue<unknown>[]): ApiIssue[] {
  const seen = new Set<string>();
  const out: ApiIssue[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    // The whole input of the wrong shape (an array, a number) is a bad request, not a missing field.
    const code = isMessageKey(issue.message) ? issue.message : path === '' ? 'badRequest' : 'thisFieldIsRequired';
    out.push({ path, code });
  }
  return out;
}

/**
 * A raw body (an upload) read chunk by chunk with a running byte count: past `maxBytes` the
 * stream is cancelled at once and the request refused with `tooLarge`, whatever Content-Length
 * said or did not say, so no more than the limit is ever held in memory.
 */
export async function readBytesUpTo(event: H3Event, maxBytes: number, tooLarge: 'requestTooLarge' | 'fileTooLarge'): Promise<Uint8Array> {
  const declared = event.req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new AppError(tooLarge);
  const body = event.req.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError(tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
