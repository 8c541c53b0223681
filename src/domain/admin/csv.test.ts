import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain text', '山田 花子', '山田 花子'],
    ['a formula', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a plus', '+81 3 1234', "'+81 3 1234"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['a leading carriage return', '\r=1', `"'\r=1"`],
    ['a comma', 'a,b', '"a,b"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a line break', 'a\nb', '"a\nb"'],
    ['an empty string', '', ''],
    ['null', null, ''],
    ['a negative number stays a number', -500, '-500'],
    ['a boolean', true, 'true'],
    ['an address with @ inside', 'a@b.example', 'a@b.example'],
  ] as const)('%s', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});
