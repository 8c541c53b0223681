import type { Page } from '@playwright/test';
import { addShippingAddress } from './support/address.ts';
import { expect, expectAccessible, fillSignUp, hydrated, snackbar, test } from './support/fixtures.ts';

/**
 * Registration journeys in Chromium: a new visitor chooses a plan, signs up, adds an address
 * (postal-code fill), registers a card (3-D Secure), reads the final confirmation and orders.
 */
let counter = 0;
const newEmail = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}.${Math.random().toString(36).slice(2, 7)}@example.jp`;

const CARDS = { authenticate: '4000 0027 6000 3184', succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', insufficientFunds: '4000 0000 0000 9995' };
const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function choose(page: Page, step: string, choice: string) {
  await page.getByRole('radiogroup', { name: step }).getByRole('radio', { name: choice, exact: true }).check();
}

async function signUp(page: Page, email: string) {
  await fillSignUp(page, { email });
  await page.getByRole('button', { name: '会員登録する' }).click();
}

/** A new member signed in through the API (the journeys below that are not about sign-up). */
async function signUpQuickly(page: Page) {
  const response = await page.request.post('/api/auth/signup', {
    headers: { origin: new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin },
    data: { email: newEmail('reg'), password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '198809', client_key: 'web' },
  });
  expect(response.status()).toBe(200);
}

/** The first address becomes the selected one. */
async function addAddress(page: Page) {
  await expect(await addShippingAddress(page)).toBeChecked();
}

async function registerCard(page: Page, number: string) {
  await page.getByRole('button', { name: /カードを(登録|変更)する/ }).click();
  const dialog = page.getByRole('dialog', { name: 'お支払いカードの登録' });
  const save = dialog.getByRole('button', { name: '保存する' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'カード番号' }).fill(number);
  await dialog.getByRole('textbox', { name: '有効期限（月/年）' }).fill(expiry);
  await dialog.getByRole('textbox', { name: 'セキュリティコード' }).fill('123');
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'カード名義（ローマ字）' }).fill('HANAKO YAMADA');
  await expect(save).toBeEnabled();
  await save.click();
  return dialog;
}

const orderButton = (page: Page) => page.getByRole('button', { name: 'この内容で申し込む' });

/** The bank's 3-D Secure page (the local gateway's stand-in dialog). */
async function authenticate(page: Page) {
  const approve = page.getByRole('dialog', { name: '本人認証（3Dセキュア）' }).getByRole('button', { name: '認証する' });
  await expect(approve).toBeVisible();
  // The answer goes to the gateway; only then is the order posted again.
  await Promise.all([page.waitForResponse((response) => /\/api\/v2\/local-gateway\/intents\/.+\/authenticate$/.test(response.url())), approve.click()]);
}

async function orderCount(page: Page): Promise<number> {
  const reply = await page.request.get('/api/v2/order-history');
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { data: unknown[] }).data.length;
}

/** Records the conversions announced on the advertising hook (product decision 11). */
async function recordConversions(page: Page): Promise<{ kind: string }[]> {
  const conversions: { kind: string }[] = [];
  await page.exposeFunction('recordConversion', (detail: { kind: string }) => void conversions.push(detail));
  await page.addInitScript(() => {
    window.addEventListener('musio:conversion', (event) => (window as unknown as { recordConversion: (detail: unknown) => void }).recordConversion((event as CustomEvent).detail));
  });
  return conversions;
}

test.describe('registration', () => {
  test('a new visitor: plan → sign-up → address → card with 3-D Secure → confirmation → order → lesson school', async ({ page }) => {
    test.setTimeout(60_000);
    const conversions = await recordConversions(page);
    await page.goto('/plan/kodomo');
    await hydrated(page);
    await choose(page, 'プラン', 'ベーシック');
    await choose(page, '契約期間', '3か月');
    await choose(page, '月のレッスン回数', '月8回');
    await page.getByRole('button', { name: 'このプランで申し込む' }).first().click();
    await expect(page).toHaveURL('/signup?redirect=%2Fregistration%2Fkodomo');
    await signUp(page, newEmail('journey'));
    await expect(page).toHaveURL('/registration/kodomo');
    await hydrated(page);

    // The progress bar, and the plan carried over from the plan page (Kodomo and Otona offered).
    await expect(page.getByRole('navigation', { name: 'お申し込みの手順' }).locator('[aria-current="step"]')).toContainText('お申し込み');
    const categories = page.getByRole('radiogroup', { name: 'カテゴリー' });
    await expect(categories.getByRole('radio')).toHaveCount(2);
    await expect(categories.getByRole('radio', { name: 'キッズ' })).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: '月のレッスン回数' }).getByRole('radio', { name: '月8回' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'このプランで申し込む' })).toHaveCount(0);
    await expect(orderButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'カードを登録する' })).toBeDisabled();

    await addAddress(page);
    await expect(page.getByRole('button', { name: 'カードを登録する' })).toBeEnabled();
    const cardDialog = await registerCard(page, CARDS.authenticate);
    await expect(cardDialog).toBeHidden();
    // The saved card as it reads (the dialog's test-card hint, still in the page while it closes, names 3184 too).
    await expect(page.getByText('下4桁 3184')).toBeVisible();

    // The final confirmation screen: what, how much from the second payment on, when, how to cancel.
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText('キッズ・ベーシック・3か月・月8回');
    await expect(summary).toContainText('3か月ごとに18,150円（税込）');
    await expect(page.getByText(/往復送料2,600円（税込）/)).toBeVisible();
    await expectAccessible(page);

    await orderButton(page).click();
    await authenticate(page);
    await expect(page).toHaveURL('/signup-completed');
    await expect(page.getByRole('heading', { name: 'お申し込みが完了しました' })).toBeVisible();
    await expect(page.getByTestId('countdown')).toContainText('秒後に移動します');
    await expectAccessible(page);
    // Five seconds later: the lesson school's first-login page (the local simulator).
    await page.waitForURL(/\/dev\/lesson-school\/first-login\?token=/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: '初回ログイン' })).toBeVisible();
    await expect(page.getByText(/山田 花子 様、ようこそ。レッスンアカウント番号は KM\d{8} です。/)).toBeVisible();
    expect(conversions.map((conversion) => conversion.kind)).toEqual(['signup', 'order']);

    // Signed up now: My Page shows the plan and the lesson account.
    await page.goto('/mypage');
    await hydrated(page);
    const userInfo = page.locator('section', { has: page.getByRole('heading', { name: '会員情報' }) });
    await expect(userInfo.getByText('ベーシックプラン 3か月 月8回')).toBeVisible();
    await expect(userInfo.getByText(/^KM\d{8}$/)).toBeVisible();
  });

  test('Musio ESAT-J: textbooks paid today with 3-D Secure, then the ESAT-J completion page', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/plan/esatj');
    await hydrated(page);
    await choose(page, 'ご利用方法', 'スタンダード');
    await choose(page, '契約期間', '12か月');
    await page.getByRole('checkbox', { name: 'NEW CROWN' }).check();
    await page.getByRole('button', { name: 'このプランで申し込む' }).first().click();
    await signUp(page, newEmail('esatj'));
    await expect(page).toHaveURL('/registration/esatj');
    await hydrated(page);
    await expect(page.getByRole('radiogroup', { name: 'カテゴリー' }).getByRole('radio')).toHaveCount(1);

    await addAddress(page);
    await registerCard(page, CARDS.authenticate);
    await expect(page.getByTestId('order-summary')).toContainText('NEW CROWN 2,200円（税込）');
    await orderButton(page).click();
    await authenticate(page); // the card, saved for the monthly charges
    await authenticate(page); // the textbook, charged today
    await expect(page).toHaveURL('/signup-completed/musio_esatj');
    await expect(page.getByText('登録が完了しました。確認のメールをお送りしましたので、ご確認ください。')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'もう一度ログインする' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a declined card shows its message and no order is made; another card then succeeds', async ({ page }) => {
    await page.goto('/');
    await signUpQuickly(page);
    await page.goto('/registration/otona');
    await hydrated(page);
    await choose(page, 'プラン', 'ベーシック');
    await choose(page, '契約期間', '1か月');
    await choose(page, '月のレッスン回数', '月4回');
    await addAddress(page);
    const dialog = await registerCard(page, CARDS.declined);
    await expect(snackbar(page, 'error')).toHaveText(/カード情報の登録に失敗しました/);
    // What was typed stays, so the member can correct it.
    await expect(dialog.getByRole('textbox', { name: 'カード名義（ローマ字）' })).toHaveValue('HANAKO YAMADA');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.getByText('カードが登録されていません。')).toBeVisible();
    await expect(orderButton(page)).toBeDisabled();
    expect(await orderCount(page)).toBe(0);

    await registerCard(page, CARDS.succeeds);
    await orderButton(page).click();
    await expect(page).toHaveURL('/signup-completed');
    expect(await orderCount(page)).toBe(1);
  });

  test('a card without funds: the textbook charge fails, nothing is ordered, the page stays usable', async ({ page }) => {
    await page.goto('/');
    await signUpQuickly(page);
    await page.goto('/registration/esatj');
    await hydrated(page);
    await choose(page, 'ご利用方法', 'スタンダード');
    await choose(page, '契約期間', '1か月');
    await page.getByRole('checkbox', { name: 'Connect' }).check();
    await addAddress(page);
    await registerCard(page, CARDS.insufficientFunds);
    await orderButton(page).click();
    await expect(snackbar(page, 'error')).toBeVisible();
    await expect(page).toHaveURL('/registration/esatj');
    await expect(page.locator('#processing-overlay')).toBeHidden();
    await expect(orderButton(page)).toBeEnabled();
    expect(await orderCount(page)).toBe(0);
  });

  test('a double-clicked order button makes one order', async ({ page }) => {
    await page.goto('/');
    await signUpQuickly(page);
    await page.goto('/registration');
    await hydrated(page);
    await choose(page, 'カテゴリー', '大人');
    await choose(page, 'プラン', 'ベーシック');
    await choose(page, '契約期間', '12か月');
    await choose(page, '月のレッスン回数', '月4回');
    await addAddress(page);
    await registerCard(page, CARDS.succeeds);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v2/registration')) posts.push(request.postDataJSON().idempotency_key);
    });
    await orderButton(page).dblclick();
    await expect(page).toHaveURL('/signup-completed');
    expect(await orderCount(page)).toBe(1);
    // However many requests left the page, they all carried the same idempotency key.
    expect(new Set(posts).size).toBe(1);
  });
});
