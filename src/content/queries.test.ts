import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as queries from './queries.ts';

/**
 * sanity.types.ts is generated (`npm run typegen`); a query edited without regenerating would
 * leave the pages typed against the old one. CI also regenerates and compares the whole file.
 */
describe('the generated query types', () => {
  const generated = readFileSync(path.join(import.meta.dirname, 'sanity.types.ts'), 'utf8');

  it.each(Object.entries(queries))('%s has its result type, for the query as written', (name, query) => {
    const block = new RegExp(`// Variable: ${name}\\n// Query: (.*)\\nexport type (\\w+) =`).exec(generated);
    expect(block, `no generated type for ${name}: run npm run typegen`).not.toBeNull();
    expect(block![1], `${name} changed since the types were generated: run npm run typegen`).toBe(query.replaceAll('\n', ''));
    expect(block![2]).toBe(`${name[0]!.toUpperCase()}${name.slice(1)}Result`);
  });
});
