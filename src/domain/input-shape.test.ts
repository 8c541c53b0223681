import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputShapeIssues, jsonNestsDeeperThan, MAX_SHAPE_ISSUES, textIssue } from './input-shape.ts';

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('jsonNestsDeeperThan', () => {
  it.each([
    ['flat object', '{"a":1}', 1, false],
    ['two levels, limit 1', '{"a":[1]}', 1, true],
    ['two levels, limit 2', '{"a":[1]}', 2, false],
    ['brackets inside a string do not count', '{"a":"[[[[[[[["}', 1, false],
    ['an escaped quote does not end the string', '{"a":"\\"[[[["}', 1, false],
    ['an escaped backslash before the closing quote', '{"a":"\\\\"}', 1, false],
    ['tens of thousands of [', '['.repeat(50_000), 16, true],
    ['16 deep at limit 16', '['.repeat(16) + ']'.repeat(16), 16, false],
    ['17 deep at limit 16', '['.repeat(17) + ']'.repeat(17), 16, true],
    ['not JSON at all (left to the parser)', 'hello', 16, false],
  ])('%s', (_case, text, limit, expected) => {
    expect(jsonNestsDeeperThan(text, limit)).toBe(expected);
  });
});

describe('textIssue', () => {
  it.each([
    ['plain Japanese', '山田 花子', undefined],
    ['an emoji (a surrogate pair)', '🎉', undefined],
    ['a NUL byte', 'a\u0000b', 'invalidCharacters'],
    ['a lone high surrogate', `a${LONE_HIGH}b`, 'invalidUnicode'],
    ['a lone low surrogate', `${LONE_LOW}`, 'invalidUnicode'],
    ['reversed pair', `${LONE_LOW}${LONE_HIGH}`, 'invalidUnicode'],
    ['at the length limit', 'a'.repeat(INPUT_LIMITS.stringLength), undefined],
    ['past the length limit', 'a'.repeat(INPUT_LIMITS.stringLength + 1), 'tooLong'],
  ])('%s', (_case, text, expected) => {
    expect(textIssue(text)).toBe(expected);
  });
});

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('inputShapeIssues', () => {
  it.each([
    ['a clean form', { email: 'a@example.jp', books: ['a', 'b'], n: 1, ok: true, none: null }, []],
    ['a lone surrogate in a field', { last_name: `山${LONE_HIGH}` }, [{ path: ['last_name'], code: 'invalidUnicode' }]],
    ['a lone surrogate in a key', { [`k${LONE_HIGH}`]: 'v' }, [{ path: [`k${LONE_HIGH}`], code: 'invalidUnicode' }]],
    ['a lone surrogate deep in an array', { option: { ids: ['ok', LONE_LOW] } }, [{ path: ['option', 'ids', '1'], code: 'invalidUnicode' }]],
    ['a NUL byte', { name: 'x\u0000' }, [{ path: ['name'], code: 'invalidCharacters' }]],
    ['nesting at the limit', { a: nested(INPUT_LIMITS.depth - 1) }, []],
    ['nesting past the limit', { a: nested(INPUT_LIMITS.depth) }, [{ path: ['a', ...Array<string>(INPUT_LIMITS.depth - 1).fill('0')], code: 'inputTooComplex' }]],
    ['an array at the limit', { ids: Array<number>(INPUT_LIMITS.arrayLength).fill(1) }, []],
    ['an array past the limit', { ids: Array<number>(INPUT_LIMITS.arrayLength + 1).fill(1) }, [{ path: ['ids'], code: 'inputTooComplex' }]],
    ['keys past the limit', Object.fromEntries(Array.from({ length: INPUT_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i])), [{ path: [], code: 'inputTooComplex' }]],
    ['an overlong string', { content: 'a'.repeat(INPUT_LIMITS.stringLength + 1) }, [{ path: ['content'], code: 'tooLong' }]],
  ])('%s', (_case, input, expected) => {
    expect(inputShapeIssues(input)).toEqual(expected);
  });

  it('walks a deeply nested value without recursion and stops at the depth limit', () => {
    const started = performance.now();
    expect(inputShapeIssues(nested(100_000))).toEqual([{ path: Array<string>(INPUT_LIMITS.depth).fill('0'), code: 'inputTooComplex' }]);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it(`reports at most ${MAX_SHAPE_ISSUES} issues`, () => {
    expect(inputShapeIssues(Array<string>(150).fill(LONE_HIGH))).toHaveLength(MAX_SHAPE_ISSUES);
  });
});
