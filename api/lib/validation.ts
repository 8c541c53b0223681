import type { H3Event } from 'h3';
import type * as v from 'valibot';
import { readValidatedInput, validate } from './input.ts';

/**
 * Reading input at the boundary with the shared valibot schemas of src/domain. A failure answers
 * 400 with `{ status: 'error', code, issues: [{ path, code }] }`, codes from the message catalogue.
 */

/** The JSON or form-encoded body. */
export function readBody<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return readValidatedInput(event, schema);
}

/** The query string. */
export function readQuery<S extends v.GenericSchema>(event: H3Event, schema: S): v.InferOutput<S> {
  return validate(schema, Object.fromEntries(event.url.searchParams));
}

/** The route's parameters (`/api/v2/addresses/:id` → { id }). */
export function readParams<S extends v.GenericSchema>(event: H3Event, schema: S): v.InferOutput<S> {
  return validate(schema, event.context.params ?? {});
}
