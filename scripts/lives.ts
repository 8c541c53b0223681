/**
 * `npm run test:lives -- --runs 500 [--seed=-123]`: the generated member lives of
 * api/features/billing/lives.test.ts, as many as asked (the default run in `npm run test:api` is
 * short). `--seed` replays the run a failure printed. DATABASE_URL runs them on PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { runBin } from './lib/run.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number of lives (1 or more)');
  process.exit(2);
}
if (values.seed !== undefined && !Number.isInteger(Number(values.seed))) {
  console.error('--seed must be a whole number (as printed by a failing run)');
  process.exit(2);
}
const code = await runBin('vitest/vitest.mjs', ['run', '--project', 'api', 'api/features/billing/lives.test.ts', '-t', 'generated lives'], {
  LIVES_RUNS: String(runs),
  ...(values.seed === undefined ? { LIVES_RANDOM: '1' } : { LIVES_SEED: values.seed }),
});
process.exit(code);
