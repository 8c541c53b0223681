/**
 * Screenshots of every page at 375 and 1280 px, for each role (visitor, member, admin), against a
 * running server with the demo data (`npm start`):
 *
 *   node scripts/screenshots.ts [--base http://localhost:4321] [--out screenshots] [--only /admin]
 *
 * Writes `<out>/<role>/<width>/<page>.png` (full page) and prints, per shot, what a user would
 * notice without looking: sideways scrolling, and text drawn under the floating support button.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MEMBER } from '../api/db/demo-accounts.ts';
import { adminSessions } from '../src/islands/admin/sections.ts';
import { chromiumArgs, findChromium } from './lib/chromium.ts';
import { root } from './lib/run.ts';

type Role = 'visitor' | 'member' | 'admin';

const PUBLIC_PAGES = [
  '/',
  '/kids',
  '/adult',
  '/musio_esatj',
  '/plan',
  '/plan/kodomo',
  '/plan/otona',
  '/plan/esatj',
  '/plantable',
  '/campaign',
  '/campaign-landing',
  '/timeline',
  '/faq',
  '/news',
  '/terms',
  '/tokushoho',
  '/privacy',
  '/support',
  '/signup',
  '/signup/kakaku',
  '/login',
  '/find-password',
  '/error',
  '/no-such-page',
];
const MEMBER_PAGES = [
  '/mypage',
  '/user-info-edit',
  '/mej-user-info',
  '/change-password',
  '/shipping-address',
  '/payment-card',
  '/billing-history',
  '/referral',
  '/registration-me',
  '/registration-mej',
  '/switch-plan',
  '/cancellation',
  '/cancellation-mej',
  '/feedback',
  '/registration',
  '/registration/kodomo',
  '/registration/esatj',
  '/signup-completed',
  '/support',
];
/** Every console section, in the menu's order (the owner may open them all). */
const ADMIN_PAGES = adminSessions.map((session) => `/admin/${session}`);

export const SCREENS: Record<Role, string[]> = { visitor: PUBLIC_PAGES, member: MEMBER_PAGES, admin: ADMIN_PAGES };
export const WIDTHS = [375, 1280] as const;

const accounts = { member: DEMO_MEMBER, admin: DEMO_ADMIN } as const;

async function signIn(page: Page, base: string, role: Exclude<Role, 'visitor'>): Promise<void> {
  const { email, password } = accounts[role];
  const response = await page.request.post(`${base}/api/auth/signin`, { data: { email, password }, headers: { origin: base } });
  if (!response.ok()) throw new Error(`sign-in as ${role} failed: ${response.status()} ${await response.text()}`);
}

/** What a user would notice on the page as drawn: sideways scrolling and text under the support button. */
async function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    const fab = document.querySelector<HTMLElement>('.support-fab');
    if (fab && fab.offsetParent !== null) {
      const box = fab.getBoundingClientRect();
      const hits = new Set<string>();
      for (let x = box.left + 4; x < box.right - 4; x += 8) {
        for (let y = box.top + 4; y < box.bottom - 4; y += 8) {
          for (const element of document.elementsFromPoint(x, y)) {
            if (fab.contains(element)) continue;
            if (element.matches('a, button, input, select, textarea, label, td, th, p, li, h1, h2, h3')) hits.add(`${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 30)}`);
          }
        }
      }
      if (hits.size) found.push(`support button covers ${[...hits].join(' | ')}`);
    }
    return found;
  });
}

/**
 * The console's lists need rows to show what a phone does to them: an announcement, a mass mail
 * (to the members who accept event mail: the demo member) and a step mail with a log, made once.
 */
async function prepareAdminData(page: Page, base: string): Promise<void> {
  const call = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const response = await page.request[method](`${base}${url}`, { ...(data ? { data } : {}), headers: { origin: base } });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { data: unknown };
  };
  const announcements = (await call('get', '/api/v2/admin/announcements')).data as unknown[];
  if (announcements.length === 0) {
    await call('post', '/api/v2/admin/announcements', {
      title: '年末年始のレッスンについて',
      description: '12月29日から1月3日まではレッスンをお休みします。この期間のご予約は1月4日以降に振り替えてください。お問い合わせへの回答も1月4日から順にお送りします。',
      is_visible: true,
      need_send_mail: false,
    });
  }
  const massMails = (await call('get', '/api/v2/admin/mail')).data as unknown[];
  if (massMails.length === 0) {
    await call('post', '/api/v2/admin/mail', { mailTitle: '冬のキャンペーンのお知らせ', mailHtml: '<p>冬のキャンペーンを始めました。</p>', selectList: 'all', eventCheck: true });
  }
  const steps = ((await call('get', '/api/v2/admin/step-mails')).data as { Items: unknown[] }).Items;
  if (steps.length === 0) {
    await call('post', '/api/v2/admin/step-mails', { title: 'レッスンのはじめ方', content: '<p>最初のレッスンを予約しましょう。</p>', date: 1, time: '09:00', file: '' });
    await call('post', '/dev/clock', { advanceDays: 2 });
  }
}

async function shoot(browser: Browser, base: string, out: string, role: Role, width: number, only: string | undefined): Promise<number> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, deviceScaleFactor: 1, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', isMobile: width < 600, hasTouch: width < 600 });
  const page = await context.newPage();
  if (role !== 'visitor') await signIn(page, base, role);
  if (role === 'admin') await prepareAdminData(page, base);
  let problems = 0;
  for (const route of SCREENS[role]) {
    if (only && !route.startsWith(only)) continue;
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = route === '/' ? 'index' : route.slice(1).replaceAll('/', '_');
    const file = path.join(out, role, String(width), `${name}.png`);
    await mkdir(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
    const found = await problemsOf(page);
    problems += found.length;
    console.log(`${role} ${width} ${route}${page.url().endsWith(route) ? '' : ` → ${new URL(page.url()).pathname}`}${found.length ? `\n  ! ${found.join('\n  ! ')}` : ''}`);
  }
  await context.close();
  return problems;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:4321' }, out: { type: 'string', default: 'screenshots' }, only: { type: 'string' }, role: { type: 'string' } } });
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  let problems = 0;
  try {
    for (const role of Object.keys(SCREENS) as Role[]) {
      if (values.role && values.role !== role) continue;
      for (const width of WIDTHS) problems += await shoot(browser, values.base!, path.resolve(root, values.out!), role, width, values.only);
    }
  } finally {
    await browser.close();
  }
  console.log(`${problems} problem(s) noticed; the shots are in ${values.out}/`);
}
