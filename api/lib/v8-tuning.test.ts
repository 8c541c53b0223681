import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * Builds postgres.js results the way its connection does, in a fresh Node with --trace-opt, and
 * counts the optimising compilations of the Result constructor that V8 threw away. The control
 * (V8's defaults) shows the cliff docs/decisions/0052 works around; if it ever reads 0, V8 has
 * fixed it and the tuning can go.
 */
async function abortedCompilations(tuned: boolean): Promise<number> {
  const script = `
    ${tuned ? "const { letPostgresConstructorsOptimise } = await import('./api/lib/v8-tuning.ts'); letPostgresConstructorsOptimise();" : ''}
    const { default: Result } = await import('./node_modules/postgres/src/result.js');
    let kept = [];
    for (let i = 0; i < 2e6; i += 1) { kept.push(new Result()); if (kept.length > 100) kept = []; }
  `;
  const { stdout } = await run(process.execPath, ['--trace-opt', '--input-type=module', '--eval', script], { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\n').filter((line) => line.startsWith('[aborted optimizing') && line.includes('<JSFunction Result ')).length;
}

describe("postgres.js's constructors under V8", () => {
  it('reach the optimising compiler once tuned, where V8 defaults throw every compilation away', async () => {
    const [untuned, tuned] = await Promise.all([abortedCompilations(false), abortedCompilations(true)]);
    expect(untuned).toBeGreaterThan(0);
    expect(tuned).toBe(0);
  }, 60_000);
});
