import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { e2eMemberEmail } from './support/accounts.ts';
import { expect, hydrated, test } from './support/fixtures.ts';

/**
 * Keyboard only (issue 27): the skip link lands on the page's content, with its first control one
 * Tab away; every focus is visible and on screen — in dialogs and drawers from their first focus,
 * and after a card is saved.
 */

async function newMember(page: Page): Promise<void> {
  await page.goto('/login');
  const email = `e2e.keyboard.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.jp`;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '201204' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

/** The focused element: what it is, and whether a person can see it (inside the window, drawn with an outline or a ring). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', name: '', onScreen: false, visible: false };
    const box = element.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    const style = getComputedStyle(element);
    const visible = element.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
    return { tag: element.tagName.toLowerCase(), name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '', onScreen, visible };
  });
}

async function expectFocusOnScreen(page: Page, what: string) {
  const now = await focused(page);
  expect(now.onScreen, `${what}: the focus (${now.tag} ${now.name}) is on screen`).toBe(true);
  expect(now.visible, `${what}: the focus (${now.tag} ${now.name}) is drawn`).toBe(true);
  return now;
}

/** Tab to the skip link, follow it, and Tab once more: the page's first control. */
async function skipToFirstControl(page: Page) {
  await expect(page.locator('#content')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へスキップ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#content')).toBeFocused();
  await page.keyboard.press('Tab');
  const first = await expectFocusOnScreen(page, 'after the skip link');
  expect(['input', 'select', 'textarea', 'button'], `the first stop after the skip link is a form control, not ${first.tag} ${first.name}`).toContain(first.tag);
}

test('registration: the skip link lands on the plan chooser', async ({ page }) => {
  await newMember(page);
  await page.goto('/registration');
  await hydrated(page);
  await skipToFirstControl(page);
});

test('My Page: the skip link lands on the form; the drawer and the address dialog open on a visible control; a saved card keeps the focus in view', async ({ page, isMobile, signIn }, info) => {
  test.setTimeout(60_000);
  await signIn(e2eMemberEmail('keyboard', info.project.name));
  await page.goto('/user-info-edit');
  await hydrated(page);
  await skipToFirstControl(page);

  if (isMobile) {
    await page.locator('body').focus();
    await page.getByRole('button', { name: 'メニューを開く' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.waitForTimeout(200);
    await expectFocusOnScreen(page, 'the My Page drawer');
    await page.keyboard.press('Escape');
  }

  await page.goto('/shipping-address');
  await hydrated(page);
  await page.getByRole('button', { name: '住所を追加する' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.waitForTimeout(200);
  const inDialog = await expectFocusOnScreen(page, 'the address dialog');
  expect(inDialog.tag).toBe('input');
  await page.keyboard.press('Escape');

  // A card saved with the keyboard: the focus stays where the person can see it.
  await page.goto('/payment-card');
  await hydrated(page);
  await page.getByRole('button', { name: /カードを(登録|変更)する/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'お支払いカードの登録' });
  await expect(dialog).toHaveCount(1);
  await page.waitForTimeout(200);
  await expectFocusOnScreen(page, 'the card dialog');
  await dialog.getByRole('textbox', { name: 'カード番号' }).focus();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('HANAKO YAMADA');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('HANAKO YAMADA')).toBeVisible();
  await page.waitForTimeout(300);
  await expectFocusOnScreen(page, 'after the card is saved');
});

test('console: the skip link lands on the section; the send confirmation opens on a visible control', async ({ page, signIn }) => {
  await signIn(DEMO_ADMIN.email);
  await page.goto('/admin/sendMail');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: '一斉メール送信' })).toBeVisible();
  await skipToFirstControl(page);

  await page.getByLabel('件名').fill('キーボードの確認');
  await page.getByLabel('本文（HTML）').fill('<p>確認です</p>');
  await expect(page.getByRole('button', { name: '送信する' })).toBeEnabled();
  await page.getByRole('button', { name: '送信する' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.waitForTimeout(200);
  const first = await expectFocusOnScreen(page, 'the send confirmation');
  expect(first.tag).toBe('button');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
