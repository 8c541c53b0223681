import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MARK, mendQueue, QUEUE_FILES } from './patch-dependencies.mjs';

const run = promisify(execFile);
interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}
const Queue = createRequire(import.meta.url)('../node_modules/postgres/cjs/src/queue.js') as <T>(initial?: T[]) => Queue<T>;

describe("postgres.js's pool queue, as installed (docs/decisions/0052)", () => {
  it('is mended on install', async () => {
    for (const file of QUEUE_FILES) {
      expect(await readFile(new URL(`../node_modules/postgres/${file}`, import.meta.url), 'utf8'), file).toContain(MARK);
    }
  });

  it('still behaves as a queue: first in, first out; remove takes a waiting item, not a shifted one', () => {
    const queue = Queue<string>();
    for (const item of ['a', 'b', 'c', 'd']) queue.push(item);
    expect(queue.shift()).toBe('a');
    expect(queue.remove('a')).toBeNull();
    expect(queue.remove('c')).toBe('c');
    expect(queue.length).toBe(2);
    expect([queue.shift(), queue.shift(), queue.length]).toEqual(['b', 'd', 0]);
    const long = Queue<number>();
    for (let i = 0; i < 100; i += 1) long.push(i);
    const out: number[] = [];
    for (let i = 0; i < 60; i += 1) out.push(long.shift()!);
    long.push(100);
    expect(long.remove(61)).toBe(61);
    while (long.length) out.push(long.shift()!);
    expect(out).toEqual([...Array.from({ length: 61 }, (_, i) => i), ...Array.from({ length: 39 }, (_, i) => i + 62)]);
  });

  it('holds no memory for the connections it has handed out, however long the load lasts', async () => {
    // The pool's pattern under load: shift a busy connection, remove it (not found), push it back.
    const script = `
      const Queue = require('./node_modules/postgres/cjs/src/queue.js');
      const busy = Queue();
      const connections = Array.from({ length: 10 }, (_, id) => ({ id }));
      for (const c of connections) busy.push(c);
      gc(); const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 1e5; i += 1) { const c = busy.shift(); busy.remove(c); busy.push(c); }
      gc(); console.log(process.memoryUsage().heapUsed - before);
    `;
    const { stdout } = await run(process.execPath, ['--expose-gc', '--input-type=commonjs', '--eval', script], { cwd: process.cwd() });
    // Unmended, the array keeps a hole per query: 800 kB after 100,000 (and each remove scans them all).
    expect(Number(stdout)).toBeLessThan(200_000);
  }, 60_000);

  it('leaves a queue it does not know alone', () => {
    expect(mendQueue('export default function Queue() {}')).toBeUndefined();
  });
});
