/**
 * `postinstall`: mends postgres.js's internal queue (docs/decisions/0052), on every install.
 *
 * postgres.js (3.4.9, the latest release) keeps its connection pool's queues in an array whose
 * `shift` leaves a hole at the front, and resets the array only when the queue runs empty. Its pool
 * shifts a busy connection to pipeline a query onto it and then removes it with `indexOf`, which
 * finds nothing and scans the whole array, before pushing it back: under sustained load the busy
 * queue never runs empty, so the array grows by one hole a query (15,000 after 10 s of bench:api)
 * and every query scans all of it: the pool slows down and holds memory as long as the load lasts.
 * The mend: `remove` searches from the live part only, and `shift` drops the holes once they are
 * half the array. Nothing else changes.
 *
 * Plain JavaScript: npm runs it with whatever Node it has, before the project's own Node exists.
 * A postgres.js whose queue is no longer the one mended here is left alone with a warning; the unit
 * test on the pool's memory (scripts/patch-dependencies.test.ts) then fails until this is revisited.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARK = '/* mended by scripts/patch-dependencies.mjs */';

/** postgres.js's builds, each with its own copy of the queue: ESM, CommonJS, Cloudflare workers. */
export const QUEUE_FILES = ['src/queue.js', 'cjs/src/queue.js', 'cf/src/queue.js'];

const replacements = [
  {
    from: `    remove: (x) => {
      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)
    },`,
    to: `    remove: (x) => {
      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },`,
  },
  {
    from: `      if (index === xs.length) {
        index = 0
        xs = []
      } else {
        xs[index - 1] = undefined
      }`,
    to: `      if (index === xs.length) {
        index = 0
        xs = []
      } else if (index >= 32 && index * 2 >= xs.length) {
        xs = xs.slice(index)
        index = 0
      } else {
        xs[index - 1] = undefined
      }`,
  },
];

/** The mended text of one queue.js, or undefined when it is not the text the mend was written for. */
export function mendQueue(text) {
  if (text.includes(MARK)) return text;
  if (!replacements.every(({ from }) => text.includes(from))) return undefined;
  return `${MARK}\n${replacements.reduce((mended, { from, to }) => mended.replace(from, to), text)}`;
}

async function main() {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'postgres');
  if (!existsSync(root)) return;
  for (const file of QUEUE_FILES) {
    const target = path.join(root, file);
    if (!existsSync(target)) continue;
    const text = await readFile(target, 'utf8');
    const mended = mendQueue(text);
    if (mended === undefined) console.warn(`patch-dependencies: postgres/${file} is not the queue this mend was written for; left as it is (docs/decisions/0052)`);
    else if (mended !== text) await writeFile(target, mended);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
