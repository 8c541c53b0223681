/**
 * The shape every input from outside keeps, whatever its route (issue 23,
 * docs/decisions/0037): bounded nesting, strings, arrays and keys;
 * text without NUL bytes and in well-formed Unicode. Applied at the API's boundary
 * (api/lib/input.ts) before any route schema, so a route added later is covered without
 * remembering it. The limits sit well above what any form of the service sends.
 */
export const INPUT_LIMITS = {
  /** Arrays and objects inside each other: our deepest request nests 3. */
  depth: 16,
  /** Characters in one string: the longest field is a mail's HTML (100,000). */
  stringLength: 100_000,
  /** Items in one array. */
  arrayLength: 200,
  /** Keys in one object. */
  keys: 200,
} as const;

export type InputLimits = { readonly [K in keyof typeof INPUT_LIMITS]: number };

/** At most this many issues are reported for one input: enough to fix a form, bounded for an attack. */
export const MAX_SHAPE_ISSUES = 20;

export type ShapeIssueCode = 'invalidCharacters' | 'invalidUnicode' | 'tooLong' | 'inputTooComplex';

export interface ShapeIssue {
  path: string[];
  code: ShapeIssueCode;
}

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, read as characters without
 * parsing (strings and their escapes skipped): a linear scan run before JSON.parse, so a body of
 * tens of thousands of `[` costs one pass and never a parse or a deep walk.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/** What is wrong with one string (a value or a key), if anything. */
export function textIssue(text: string, limits: InputLimits = INPUT_LIMITS): ShapeIssueCode | undefined {
  if (text.includes('\u0000')) return 'invalidCharacters';
  // A lone UTF-16 surrogate (`"\ud800"` in JSON) cannot be stored as text or jsonb.
  if (!text.isWellFormed()) return 'invalidUnicode';
  if (text.length > limits.stringLength) return 'tooLong';
  return undefined;
}

/**
 * Every breach of the shape rules in a parsed input, with its path (first MAX_SHAPE_ISSUES).
 * Walked with a stack of its own, never by recursion, and not below the depth limit: its cost is
 * linear in the input whatever the nesting.
 */
export function inputShapeIssues(input: unknown, limits: InputLimits = INPUT_LIMITS): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0 && issues.length < MAX_SHAPE_ISSUES) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const code = textIssue(value, limits);
      if (code) issues.push({ path, code });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= limits.depth) {
      issues.push({ path, code: 'inputTooComplex' });
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > limits.arrayLength) {
        issues.push({ path, code: 'inputTooComplex' });
        continue;
      }
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], path: [...path, String(index)] });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.keys) {
      issues.push({ path, code: 'inputTooComplex' });
      continue;
    }
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      const code = textIssue(key, limits);
      if (code) issues.push({ path: [...path, key], code });
      else stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return issues.slice(0, MAX_SHAPE_ISSUES);
}
