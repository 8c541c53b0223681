import type { H3Event } from 'h3';
import type * as v from 'valibot';
import { readValidatedInput, readValidatedParams, readValidatedQuery } from './input.ts';

/**
 * Reading input at the boundary with the shared valibot schemas of src/domain: the single entry
 * for every route. h3 reads and checks (readValidatedBody, getValidatedQuery and
 * getValidatedRouterParams) with the schema, the text rules of src/domain/text.ts in front. A
 * failure answers 400 with `{ status: 'error', code, issues: [{ path, code }] }`, codes from the message catalogue.
 * Bodies are limited to 64 KB while they stream in (limitBodySize, on every route in api/app.ts).
 */

/** The JSON or form-encoded body. */
export function readBody<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return readValidatedInput(event, schema);
}

/** The query string (a repeated key reads as an array). */
export function readQuery<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return readValidatedQuery(event, schema);
}

/** The route's parameters (`/api/v2/addresses/:id` → { id }), percent-decoded. */
export function readParams<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return readValidatedParams(event, schema);
}
