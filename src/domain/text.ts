import * as v from 'valibot';
import { inputShapeIssues } from './input-shape.ts';

/**
 * Rules every piece of text from outside obeys, whatever its field: no NUL byte (PostgreSQL
 * cannot store one in text and answers an error), well-formed Unicode, and the shape limits of
 * ./input-shape.ts. Applied to every request schema at the API's boundary
 * (api/lib/validation.ts), so a field added later is covered without remembering it.
 */
export function hasNulByte(text: string): boolean {
  return text.includes('\u0000');
}

/** The dot paths (as in `{ path, code }` issues) of every string, key or value, holding a NUL byte. */
export function nulBytePaths(input: unknown): string[] {
  return inputShapeIssues(input)
    .filter((issue) => issue.code === 'invalidCharacters')
    .map((issue) => issue.path.join('.'));
}

/**
 * A request schema with the text and shape rules in front: a NUL byte anywhere fails with
 * `invalidCharacters`, a lone surrogate with `invalidUnicode`, an overlong string with `tooLong`
 * and too deep or too wide an input with `inputTooComplex`, each at its path; the schema itself
 * runs only on input that passed.
 */
export function withTextRules<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      for (const { path, code } of inputShapeIssues(dataset.value)) {
        const input = dataset.value as Record<string, unknown>;
        const items = path.map((key) => ({ type: 'object' as const, origin: 'value' as const, input, key, value: undefined }));
        addIssue({ message: code, ...(items.length ? { path: items as [(typeof items)[number], ...typeof items] } : {}) });
      }
    }),
    schema,
  );
}
