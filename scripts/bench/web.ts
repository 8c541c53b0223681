/**
 * `npm run bench:web`: builds the site, serves it on a fresh database, and runs Lighthouse
 * (mobile, simulated throttling, Debian's Chromium) on the pages the issue names. Prints the
 * scores, CLS, and the JavaScript and total bytes each page ships, against the budgets.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild } from '../lib/build.ts';
import { chromiumArgs, findChromium } from '../lib/chromium.ts';
import { root } from '../lib/run.ts';

const pages = ['/', '/plan/kodomo', '/plantable', '/campaign', '/terms'];
/** Pages whose content needs no script at all (the budget: they ship none). */
const scriptless = new Set(['/campaign', '/terms']);
const budgets = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, landingJsKb: 40, cls: 0 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

await ensureBuild((message) => console.log(`› ${message}`));
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.ts')], { cwd: root, env: { ...process.env, E2E_PORT: String(port), DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('e2e server ready') ? resolve() : undefined));
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...chromiumArgs] });
const rows = [];
let failed = false;
try {
  for (const page of pages) {
    const result = await lighthouse(`http://localhost:${port}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    const { lhr } = result;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] } | undefined)?.items ?? [];
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    const jsKb = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024;
    const totalKb = (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const row = {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      CLS: Number(cls.toFixed(3)),
      'JS files': scripts.length,
      'JS KB (gzip)': Number(jsKb.toFixed(1)),
      'total KB': Number(totalKb.toFixed(1)),
    };
    rows.push(row);
    const misses = [
      row.performance < budgets.performance && `performance ${row.performance} < ${budgets.performance}`,
      row.accessibility < budgets.accessibility && `accessibility ${row.accessibility}`,
      row['best-practices'] < budgets['best-practices'] && `best practices ${row['best-practices']}`,
      row.seo < budgets.seo && `SEO ${row.seo}`,
      cls > budgets.cls && `CLS ${cls}`,
      page === '/' && jsKb > budgets.landingJsKb && `landing JS ${jsKb.toFixed(1)} KB > ${budgets.landingJsKb} KB`,
      scriptless.has(page) && scripts.length > 0 && `ships ${scripts.length} script files`,
    ].filter(Boolean);
    if (misses.length) {
      failed = true;
      console.log(`✗ ${page}: ${misses.join(', ')}`);
      for (const category of Object.values(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`    ${category.id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}
console.table(rows);
console.log(failed ? 'Some budgets were missed (see above).' : 'Every budget is met.');
process.exit(failed ? 1 : 0);
