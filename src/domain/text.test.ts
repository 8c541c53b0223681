import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { nulBytePaths, withTextRules } from './text.ts';

describe('nulBytePaths', () => {
  it.each([
    ['plain text', 'abc', []],
    ['a string', 'a\u0000b', ['']],
    ['a field', { name: 'x\u0000' }, ['name']],
    ['a nested field', { option: { id: '\u0000', ok: 'ok' } }, ['option.id']],
    ['an array item', { books: ['a', 'b\u0000'] }, ['books.1']],
    ['a key', { ['k\u0000']: 'v' }, ['k\u0000']],
    ['numbers and booleans', { n: 1, b: true, z: null }, []],
  ])('%s', (_case, input, expected) => {
    expect(nulBytePaths(input)).toEqual(expected);
  });
});

describe('withTextRules', () => {
  const schema = withTextRules(v.object({ name: v.pipe(v.string(), v.trim()), age: v.number() }));

  it('refuses a NUL byte with invalidCharacters at the field, before the field rules', () => {
    const result = v.safeParse(schema, { name: 'a\u0000', age: 'not a number' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['name', 'invalidCharacters']]);
  });

  it('passes clean input through the schema unchanged', () => {
    expect(v.parse(schema, { name: ' 花子 ', age: 12 })).toEqual({ name: '花子', age: 12 });
  });
});
