import { bodyLimit, getValidatedQuery, getValidatedRouterParams, readValidatedBody, type H3Event, type Middleware } from 'h3';
import * as v from 'valibot';
import type { ApiIssue } from '../../src/domain/api-errors.ts';
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
 * Content-Length to check first): past 64 KB the read fails with 413 `requestTooLarge`.
 */
export const limitBodySize: Middleware = bodyLimit(MAX_BODY_BYTES);

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

/** A JSON or form-encoded body (the spec's "(form)" calls accept both), read by h3 and checked. */
export async function readValidatedInput<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  const type = event.req.headers.get('content-type') ?? '';
  if (type !== '' && !FORM_OR_JSON.test(type)) throw new AppError('badRequest');
  return readValidatedBody(event, boundarySchema(schema), { onError }) as Promise<v.InferOutput<S>>;
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
