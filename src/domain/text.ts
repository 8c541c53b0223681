import * as v from 'valibot';

/**
 * Rules every piece of text from outside obeys, whatever its field: no NUL byte (PostgreSQL
 * cannot store one in text and answers an error). Applied to every request schema at the API's
 * boundary (api/lib/validation.ts), so a field added later is covered without remembering it.
 */
export function hasNulByte(text: string): boolean {
  return text.includes('\u0000');
}

/** The dot paths (as in `{ path, code }` issues) of every string, key or value, holding a NUL byte. */
export function nulBytePaths(input: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof input === 'string') {
    if (hasNulByte(input)) found.push(path.join('.'));
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => nulBytePaths(item, [...path, String(index)], found));
  } else if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (hasNulByte(key)) found.push([...path, key].join('.'));
      else nulBytePaths(value, [...path, key], found);
    }
  }
  return found;
}

/** A request schema with the text rules in front: a NUL byte anywhere fails with `invalidCharacters` at its path. */
export function withTextRules<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      for (const path of nulBytePaths(dataset.value)) {
        const input = dataset.value as Record<string, unknown>;
        const items = path ? path.split('.').map((key) => ({ type: 'object' as const, origin: 'value' as const, input, key, value: undefined })) : [];
        addIssue({ message: 'invalidCharacters', ...(items.length ? { path: items as [(typeof items)[number], ...typeof items] } : {}) });
      }
    }),
    schema,
  );
}
