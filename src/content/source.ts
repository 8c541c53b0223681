import * as v from 'valibot';

/** Where marketing content comes from: Sanity's API when a project id is set, else the seed dataset. */
export const contentSourceSchema = v.object({
  SANITY_PROJECT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be a Sanity project id (lowercase letters, digits, dashes)')),
  ),
  SANITY_DATASET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9_-]+$/, 'must be a dataset name')), 'production'),
  SANITY_API_VERSION: v.optional(v.pipe(v.string(), v.isoDate('must be a date such as 2025-06-01')), '2025-06-01'),
  SANITY_TOKEN: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type ContentSource =
  | { kind: 'sanity'; projectId: string; dataset: string; apiVersion: string; token?: string }
  | { kind: 'seed'; dataset: string };

/** Reads the content source from environment variables; throws naming the variable that is wrong. */
export function readContentSource(env: Record<string, string | undefined>): ContentSource {
  const parsed = v.safeParse(contentSourceSchema, pickDefined(env, Object.keys(contentSourceSchema.entries)));
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`Invalid ${v.getDotPath(issue) ?? 'content setting'}: ${issue.message}`);
  }
  const { SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_VERSION, SANITY_TOKEN } = parsed.output;
  if (!SANITY_PROJECT_ID) return { kind: 'seed', dataset: SANITY_DATASET };
  return {
    kind: 'sanity',
    projectId: SANITY_PROJECT_ID,
    dataset: SANITY_DATASET,
    apiVersion: SANITY_API_VERSION,
    ...(SANITY_TOKEN ? { token: SANITY_TOKEN } : {}),
  };
}

/** Keeps only the named keys that are set and non-empty, so `FOO=` counts as unset. */
export function pickDefined(env: Record<string, string | undefined>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}
