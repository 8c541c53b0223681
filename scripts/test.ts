/**
 * `npm test`: unit and API tests (vitest), then the browser tests in Chromium (Playwright).
 * Without a Chromium the browser tests cannot run: that is said loudly, and under CI it fails.
 */
import { findChromium } from './lib/chromium.ts';
import { runBin } from './lib/run.ts';
import { runBrowserTests } from './test-e2e.ts';

const isCI = ['true', '1'].includes(process.env.CI ?? '');

const vitest = await runBin('vitest/vitest.mjs', ['run']);
let browser = 0;
if (findChromium()) {
  browser = await runBrowserTests([]);
} else {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n  BROWSER TESTS WERE NOT RUN: no Chromium at /usr/bin/chromium (or CHROMIUM_PATH).\n  Install it with: sudo apt-get install -y chromium\n${line}\n`);
  if (isCI) browser = 1;
}
process.exit(vitest || browser);
