/**
 * `npm run bench:web`: builds the site, serves it on a fresh database, and runs Lighthouse
 * (mobile, simulated throttling, Debian's Chromium) on the marketing pages the issue names, then
 * on signed-in pages with the demo member's and the demo admin's sessions (issue 27). Prints the
 * scores, CLS, total blocking time and the JavaScript and total bytes each page ships, against the
 * budgets. `--only /admin` runs the pages starting so (repeatable: `--only /mypage --only /admin`);
 * the machine's load average is printed with the figures (two shared cores: scores drop when others
 * load the machine). A page that misses a budget is followed by its LCP element and, when CLS > 0,
 * the elements that shifted.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild } from '../lib/build.ts';
import { chromiumArgs, findChromium } from '../lib/chromium.ts';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../api/db/demo-accounts.ts';
import { root } from '../lib/run.ts';

type Who = 'visitor' | 'member' | 'admin';
const publicPages = ['/', '/plan/kodomo', '/plantable', '/campaign', '/terms'];
/** Signed-in pages (issue 27): My Page, plan changes and registration as the member; the console as the admin. */
const signedInPages: [string, Who][] = [
  ['/mypage', 'member'],
  ['/user-info-edit', 'member'],
  ['/payment-card', 'member'],
  ['/billing-history', 'member'],
  ['/switch-plan', 'member'],
  ['/cancellation', 'member'],
  ['/registration', 'member'],
  ['/admin/sendMail', 'admin'],
  ['/admin/members', 'admin'],
  ['/admin/support', 'admin'],
];
const { values: args } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
const pages: [string, Who][] = [...publicPages.map((page): [string, Who] => [page, 'visitor']), ...signedInPages].filter(([page]) => !args.only || args.only.some((prefix) => page.startsWith(prefix)));
/** Pages whose content needs no script at all (the budget: they ship none). */
const scriptless = new Set(['/campaign', '/terms']);
const budgets = { performance: 98, signedInPerformance: 95, accessibility: 100, 'best-practices': 100, seo: 100, landingJsKb: 40, cls: 0 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const chromePath = findChromium();
if (!chromePath) {
  console.error('bench:web needs Chromium: none at /usr/bin/chromium (or CHROMIUM_PATH). Install it with: sudo apt-get install -y chromium');
  process.exit(1);
}
await ensureBuild((message) => console.log(`› ${message}`));
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.ts')], { cwd: root, env: { ...process.env, E2E_PORT: String(port), DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
// Whatever fails from here on, the server does not outlive the benchmark.
process.once('exit', () => server.kill('SIGTERM'));
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('e2e server ready') ? resolve() : undefined));
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

/** The session cookie of a demo account, signed in through the API as the browser would. */
async function sessionCookie(account: { email: string; password: string }): Promise<string> {
  const origin = `http://localhost:${port}`;
  const response = await fetch(`${origin}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(account) });
  if (!response.ok) throw new Error(`sign-in as ${account.email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
const cookies: Record<Who, string | undefined> = {
  visitor: undefined,
  member: pages.some(([, who]) => who === 'member') ? await sessionCookie(DEMO_MEMBER) : undefined,
  admin: pages.some(([, who]) => who === 'admin') ? await sessionCookie(DEMO_ADMIN) : undefined,
};

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface NodeValue {
  type?: string;
  selector?: string;
  snippet?: string;
}
const describeNode = (node: NodeValue | undefined) => (node?.type === 'node' ? `${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 120)}`.trim() : '(no node)');
/**
 * Why a page missed: its LCP element with the phases of its time (the `lcp-breakdown-insight`
 * audit), and when CLS > 0 the elements that shifted most (the `layout-shifts` audit) with the
 * causes Lighthouse names.
 */
function diagnosis(lhr: Lhr, cls: number): string[] {
  const lines: string[] = [];
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as { items?: ({ type: 'table'; items: { label?: unknown; subpart?: string; duration?: number }[] } | NodeValue)[] } | undefined;
  for (const item of lcp?.items ?? []) {
    if ('items' in item) lines.push(`LCP phases: ${item.items.map((phase) => `${phase.subpart} ${Math.round(phase.duration ?? 0)} ms`).join(', ')}`);
    else lines.push(`LCP element: ${describeNode(item)}`);
  }
  if (cls > 0) {
    const shifts = (lhr.audits['layout-shifts']?.details as { items?: { node?: NodeValue; score?: number; subItems?: { items?: { cause?: unknown; extra?: NodeValue & { url?: string } }[] } }[] } | undefined)?.items ?? [];
    for (const shift of shifts) {
      lines.push(`layout shift ${(shift.score ?? 0).toFixed(3)}: ${describeNode(shift.node)}`);
      for (const cause of shift.subItems?.items ?? []) lines.push(`  cause: ${String(cause.cause)} ${cause.extra?.url ?? describeNode(cause.extra)}`);
    }
  }
  return lines;
}

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...chromiumArgs] });
const rows = [];
let failed = false;
try {
  for (const [page, who] of pages) {
    const signedIn = who !== 'visitor';
    const cookie = cookies[who];
    const result = await lighthouse(`http://localhost:${port}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // Signed-in pages are noindex by design: SEO and the public pages' best-practice budgets are not theirs.
      onlyCategories: signedIn ? ['performance', 'accessibility'] : ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
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
      who,
      load: Number(loadavg()[0]!.toFixed(1)),
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      'TBT ms': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      CLS: Number(cls.toFixed(3)),
      'JS files': scripts.length,
      'JS KB (gzip)': Number(jsKb.toFixed(1)),
      'total KB': Number(totalKb.toFixed(1)),
    };
    rows.push(row);
    const performanceBudget = signedIn ? budgets.signedInPerformance : budgets.performance;
    const misses = [
      new URL(lhr.finalDisplayedUrl).pathname !== page && `ended at ${new URL(lhr.finalDisplayedUrl).pathname} (not signed in?)`,
      row.performance < performanceBudget && `performance ${row.performance} < ${performanceBudget}`,
      row.accessibility < budgets.accessibility && `accessibility ${row.accessibility}`,
      !signedIn && row['best-practices'] < budgets['best-practices'] && `best practices ${row['best-practices']}`,
      !signedIn && row.seo < budgets.seo && `SEO ${row.seo}`,
      cls > budgets.cls && `CLS ${cls}`,
      page === '/' && jsKb > budgets.landingJsKb && `landing JS ${jsKb.toFixed(1)} KB > ${budgets.landingJsKb} KB`,
      scriptless.has(page) && scripts.length > 0 && `ships ${scripts.length} script files`,
    ].filter(Boolean);
    if (misses.length) {
      failed = true;
      console.log(`✗ ${page}: ${misses.join(', ')}`);
      for (const line of diagnosis(lhr, cls)) console.log(`    ${line}`);
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
console.log(`${new Date().toISOString()}: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} (1, 5, 15 min) on ${navigator.hardwareConcurrency} cores`);
console.log(failed ? 'Some budgets were missed (see above).' : 'Every budget is met.');
process.exit(failed ? 1 : 0);
