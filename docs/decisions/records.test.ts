import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every decision record says when it was taken and whether it still holds, and the index lists it. */
const dir = import.meta.dirname;
const records = readdirSync(dir).filter((file) => /^(\d{4}|draft)-.+\.md$/.test(file));
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');

describe('decision records', () => {
  it.each(records)('%s has a title, a Date and a Status', (file) => {
    const [title, blank, date, status] = readFileSync(path.join(dir, file), 'utf8').split('\n');
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe('');
    expect(date).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- Status: (Accepted|Superseded|Draft|Deprecated)\b/);
  });

  it.each(records.filter((file) => /^\d{4}-/.test(file)))('%s is in the index', (file) => {
    expect(index).toContain(`](${file})`);
  });
});
