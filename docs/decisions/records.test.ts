import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every decision record says when it was taken and whether it still holds, and the index lists it. */
const dir = import.meta.dirname;
const root = path.resolve(dir, '../..');
const records = readdirSync(dir).filter((file) => /^(\d{4}|draft)-.+\.md$/.test(file));
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
const statusOf = (file: string) => readFileSync(path.join(dir, file), 'utf8').split('\n')[3] ?? '';

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

  // A record that supersedes, refines or amends an earlier one is named at the top of that earlier
  // one, so a reader of the old record finds the new one.
  const laterChanges = records.flatMap((file) =>
    [...statusOf(file).matchAll(/(?:supersedes|refines|amends|adds \w+ rows? to)[^;)]*?docs\/decisions\/(\d{4})/g)].map((match) => [file, match[1]!] as const),
  );
  it.each(laterChanges)('%s is linked from the top of record %s', (file, earlier) => {
    const target = records.find((name) => name.startsWith(`${earlier}-`));
    expect(target, `record ${earlier} exists`).toBeDefined();
    expect(statusOf(target!)).toContain(`](${file})`);
  });
});

describe('references to decisions', () => {
  // "product decision N" (docs/product-decisions.md) or "record NNNN" / docs/decisions/NNNN: a bare
  // "decision N" could mean either.
  const scanned = ['api', 'src', 'scripts', 'tests', 'docs', 'studio/src', 'studio/seed', 'packages', 'deploy', 'README.md', 'studio/README.md'];
  const skip = new Set(['node_modules', 'dist', '.astro', 'schema.json', 'sanity.types.ts', 'product-decisions.md', 'migrations']);
  const files: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(root, relative);
    if (!existsSync(full) || skip.has(path.basename(relative))) return;
    if (statSync(full).isDirectory()) for (const name of readdirSync(full)) walk(path.join(relative, name));
    else if (/\.(ts|tsx|astro|md|mjs|sql|css)$/.test(relative)) files.push(relative);
  };
  for (const entry of scanned) walk(entry);

  it('finds the files it checks', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it('never says a bare "decision N"', () => {
    const bare = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/\bdecisions? \d+/gi)]
        .filter((match) => !/product$/i.test(text.slice(Math.max(0, match.index - 40), match.index).replace(/[\s*/#>]+$/, '')))
        .map((match) => `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
    });
    expect(bare).toEqual([]);
  });

  it('keeps docs/product-decisions.md equal to the specification folder', () => {
    const original = path.join(root, '../shared/spec/decisions.md');
    if (!existsSync(original)) return;
    const body = (text: string) => text.slice(text.indexOf('The two specification documents'));
    expect(body(readFileSync(path.join(root, 'docs/product-decisions.md'), 'utf8'))).toBe(body(readFileSync(original, 'utf8')));
  });
});
