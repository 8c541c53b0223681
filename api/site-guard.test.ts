import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, signUpIn, type TestBrowser } from '../tests/support/browser.ts';
import { signedUpMember } from '../tests/support/registration.ts';
import { useTestApp } from '../tests/support/test-app.ts';

const distDir = await mkdtemp(path.join(tmpdir(), 'musio-guard-'));
const pages = ['index', 'kids', 'login', 'mypage', 'registration', 'registration/kodomo', 'signup-completed', 'admin', 'admin/members', 'support'];

beforeAll(async () => {
  for (const page of pages) {
    const file = page === 'index' ? path.join(distDir, 'index.html') : path.join(distDir, page, 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `<!doctype html><title>${page}</title><p>page:${page}</p>`);
  }
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

const app = useTestApp({ site: true, env: { ADMIN_EMAILS: 'chief@example.jp' }, configure: (config) => ({ ...config, distDir }) });

async function visit(browser: TestBrowser, url: string) {
  const response = await browser.get(url);
  return response.status === 302 ? { redirect: response.headers.get('location') } : { status: response.status, body: await response.text() };
}


describe('the server applies the route guard before sending a page', () => {
  it('a visitor: protected pages lead to /login, asking to come back', async () => {
    const visitor = createBrowser(app);
    expect(await visit(visitor, '/mypage')).toEqual({ redirect: '/login?redirect=%2Fmypage' });
    expect(await visit(visitor, '/registration/kodomo')).toEqual({ redirect: '/login?redirect=%2Fregistration%2Fkodomo' });
    expect(await visit(visitor, '/admin')).toEqual({ redirect: '/login?redirect=%2Fadmin' });
    expect(await visit(visitor, '/')).toMatchObject({ status: 200, body: expect.stringContaining('page:index') });
    expect(await visit(visitor, '/kids')).toMatchObject({ status: 200 });
  });

  it('a new member (no orders yet): the account area leads to /registration', async () => {
    const member = createBrowser(app);
    await signUpIn(member);
    expect(await visit(member, '/mypage')).toEqual({ redirect: '/registration' });
    expect(await visit(member, '/')).toEqual({ redirect: '/registration' });
    expect(await visit(member, '/registration')).toMatchObject({ status: 200, body: expect.stringContaining('page:registration') });
    expect(await visit(member, '/signup-completed')).toMatchObject({ status: 200 });
    expect(await visit(member, '/support')).toMatchObject({ status: 200 });
  });

  it('a signed-up member: / leads to /mypage, admin paths lead away', async () => {
    const member = await signedUpMember(app);
    expect(await visit(member, '/')).toEqual({ redirect: '/mypage' });
    expect(await visit(member, '/mypage')).toMatchObject({ status: 200, body: expect.stringContaining('page:mypage') });
    expect(await visit(member, '/admin')).toEqual({ redirect: '/mypage' });
  });

  it('an admin passes everything', async () => {
    const admin = createBrowser(app);
    await signUpIn(admin, { email: 'chief@example.jp' });
    for (const page of ['/', '/mypage', '/admin', '/registration']) {
      expect(await visit(admin, page)).toMatchObject({ status: 200 });
    }
  });

  it('serves /admin/{session}[/…] from that section\'s console page, an unknown session from /admin, to admins only (product decision 10)', async () => {
    const admin = createBrowser(app);
    await admin.post('/api/auth/signin', { email: 'chief@example.jp', password: 'eigo2026' });
    for (const page of ['/admin/members', '/admin/members/', '/admin/members/0a1b', '/admin/members/0a1b/billing']) {
      expect(await visit(admin, page)).toMatchObject({ status: 200, body: expect.stringContaining('page:admin/members<') });
    }
    for (const page of ['/admin/notification', '/admin/no-such-section', '/admin/no-such-section/0a1b', '/admin/..%2fmypage/x']) {
      expect(await visit(admin, page)).toMatchObject({ status: 200, body: expect.stringContaining('page:admin<') });
    }
    expect(await visit(createBrowser(app), '/admin/members')).toEqual({ redirect: '/login?redirect=%2Fadmin%2Fmembers' });
    const member = await signedUpMember(app);
    expect(await visit(member, '/admin/addAccount')).toEqual({ redirect: '/mypage' });
  });

  it('a console page names the console role it was served to in a readable cookie, for the console alone', async () => {
    const admin = createBrowser(app);
    await admin.post('/api/auth/signin', { email: 'chief@example.jp', password: 'eigo2026' });
    const page = await admin.get('/admin/members/0a1b');
    const hint = page.headers.getSetCookie().find((line) => line.startsWith('console_role='));
    expect(hint).toMatch(/^console_role=owner;/);
    expect(hint).toMatch(/Path=\/admin/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect((await admin.get('/mypage')).headers.getSetCookie().some((line) => line.startsWith('console_role='))).toBe(false);
    const member = await signedUpMember(app);
    expect((await member.get('/admin/members')).headers.getSetCookie().some((line) => line.startsWith('console_role='))).toBe(false);
  });

  it('guards a member page under every other name the site answers to', async () => {
    const visitor = createBrowser(app);
    for (const path of ['/mypage/index.html', '/mypage/', '/mypage/index', '/MyPage', '/mypage%2findex.html', '/%6dypage/index.html', '/kids/%2e%2e/mypage/index.html', '/admin/index.html']) {
      const answer = await visit(visitor, path);
      expect({ path, answer }).toMatchObject({ path, answer: { redirect: expect.stringMatching(/^\/login\?redirect=/) } });
    }
    const member = await signedUpMember(app);
    expect(await visit(member, '/mypage/index.html')).toMatchObject({ status: 200, body: expect.stringContaining('page:mypage') });
    expect(await visit(member, '/admin/index.html')).toEqual({ redirect: '/mypage' });
  });

  it('guarded pages are never cached by a shared cache', async () => {
    const member = await signedUpMember(app);
    const response = await member.get('/mypage');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('cookie');
  });

  it('a stale session cookie counts as signed out and is cleared', async () => {
    const browser = createBrowser(app);
    browser.cookies.set('session', `${'a'.repeat(24)}.${'b'.repeat(24)}`);
    browser.cookies.set('signed_in', '1');
    expect(await visit(browser, '/mypage')).toEqual({ redirect: '/login?redirect=%2Fmypage' });
    expect(browser.cookies.size).toBe(0);
  });
});
