import type { H3Event } from 'h3';
import * as v from 'valibot';
import { isMessageKey } from '../../src/i18n/ja.ts';
import type { ApiIssue } from '../../src/domain/api-errors.ts';
import { AppError } from './errors.ts';

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON or form-encoded body (the spec's "(form)" calls accept both) as a plain object. */
export async function readInput(event: H3Event): Promise<Record<string, unknown>> {
  const length = Number(event.req.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new AppError('badRequest');
  const type = event.req.headers.get('content-type') ?? '';
  let text: string;
  try {
    text = await event.req.text();
  } catch (error) {
    throw new AppError('badRequest', { cause: error });
  }
  if (text.length > MAX_BODY_BYTES) throw new AppError('badRequest');
  if (text.trim() === '') return {};
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (type.includes('application/json') || type === '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch (error) {
      throw new AppError('badRequest', { cause: error });
    }
  }
  throw new AppError('badRequest');
}

/** Validates input with a shared valibot schema; failures answer 400 with one issue per field. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issues = toIssues(result.issues);
  throw new AppError('badRequest', { code: issues[0]?.code ?? 'badRequest', issues });
}

/** Reads and validates a request body in one step. */
export async function readValidatedInput<S extends v.GenericSchema>(event: H3Event, schema: S): Promise<v.InferOutput<S>> {
  return validate(schema, await readInput(event));
}

function toIssues(issues: readonly v.BaseIssue<unknown>[]): ApiIssue[] {
  const seen = new Set<string>();
  const out: ApiIssue[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, code: isMessageKey(issue.message) ? issue.message : 'thisFieldIsRequired' });
  }
  return out;
}
