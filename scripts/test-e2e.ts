/**
 * `npm run test:e2e`: makes sure the site build is current, picks a free port and runs
 * Playwright; the server under test starts on a fresh database (scripts/e2e-server.ts).
 */
import { createServer } from 'node:net';
import { ensureBuild } from './lib/build.ts';
import { findChromium } from './lib/chromium.ts';
import { runBin } from './lib/run.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function runBrowserTests(args: string[]): Promise<number> {
  const chromium = findChromium();
  if (!chromium) {
    console.error('No Chromium found: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH).');
    return 1;
  }
  await ensureBuild((message) => console.log(`› ${message}`));
  const port = process.env.E2E_PORT ?? String(await freePort());
  return runBin('@playwright/test/cli.js', ['test', ...args], { E2E_PORT: port, CHROMIUM_PATH: chromium });
}

if (import.meta.main) {
  process.exit(await runBrowserTests(process.argv.slice(2)));
}
