import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { expect, expectAccessible, fillSignUp, hydrated, snackbar, test } from './support/fixtures.ts';

let counter = 0;
function newEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.jp`;
}

const submit = (page: Page) => page.getByRole('button', { name: /^送信/ });

async function fillInquiry(page: Page, values: { lastName?: string; firstName?: string; email?: string; contents: string }) {
  if (values.lastName !== undefined) await page.getByRole('textbox', { name: '姓' }).fill(values.lastName);
  if (values.firstName !== undefined) await page.getByRole('textbox', { name: '名', exact: true }).fill(values.firstName);
  if (values.email !== undefined) await page.getByRole('textbox', { name: 'メールアドレス' }).fill(values.email);
  await page.getByLabel('お問い合わせの種類').selectOption('お支払いについて');
  await page.getByLabel('件名').selectOption('請求内容の確認');
  await page.getByRole('textbox', { name: 'お問い合わせ内容' }).fill(values.contents);
}

test.describe('support form', () => {
  test('a visitor sends an inquiry and sees what was sent with the ticket number', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    const hours = page.getByRole('complementary', { name: 'サポートの受付時間' });
    await expect(hours).toContainText('平日 11:00〜19:00（土日祝日を除く）');
    await expect(hours).toContainText('2〜3営業日以内');

    // Every field is required; the email has the spec's message.
    await submit(page).click();
    await expect(page.getByText('必須の項目です。')).toHaveCount(6);
    await expect(page.getByRole('textbox', { name: '姓' })).toBeFocused();
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill('hanako@example');
    await expect(page.getByText('正しいメールアドレスを入力してください')).toBeVisible();
    // The titles follow the category.
    await expect(page.getByLabel('件名')).toBeDisabled();
    await expectAccessible(page);

    const email = newEmail('visitor');
    await fillInquiry(page, { lastName: '佐藤', firstName: '一郎', email, contents: '先月の請求について確認させてください。\n2回請求されているようです。' });
    await expect(page.getByText('必須の項目です。')).toHaveCount(0);
    await submit(page).click();

    await expect(page).toHaveURL('/support_confirm');
    await expect(page.getByRole('heading', { name: 'お問い合わせを受け付けました' })).toBeVisible();
    await expect(page.getByText(/^S-\d{6}$/)).toBeVisible();
    for (const text of ['佐藤 一郎', email, 'お支払いについて', '請求内容の確認', '2回請求されているようです。']) {
      await expect(page.getByRole('main')).toContainText(text);
    }
    await expect(page.getByRole('main')).toContainText(`受付確認のメールを ${email} にお送りしました。`);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await expectAccessible(page);

    // Another tab has nothing to show.
    const other = await page.context().browser()!.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/support_confirm');
    await expect(otherPage.getByText('表示できるお問い合わせがありません。')).toBeVisible();
    await other.close();
  });

  test('after a failure the send button says 送信 again and the inquiry stays', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v2/support-mail', async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { status: 'error', code: 'sendMailFailed' } });
    });
    await page.goto('/support');
    await hydrated(page);
    await fillInquiry(page, { lastName: '佐藤', firstName: '一郎', email: newEmail('failure'), contents: '届きますか？' });
    await submit(page).click();
    await expect(submit(page)).toHaveText('送信中…');
    await expect(submit(page)).toBeDisabled();
    release();
    await expect(snackbar(page, 'error')).toHaveText(/メール発送に失敗しました。/);
    await expect(submit(page)).toHaveText('送信');
    await expect(submit(page)).toBeEnabled();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('textbox', { name: 'お問い合わせ内容' })).toHaveValue('届きますか？');
  });
});

test('a link can preset the category and title (the plan switch during the trial points here)', async ({ page }) => {
  await page.goto(`/support?category=${encodeURIComponent('ご契約・お申し込みについて')}&title=${encodeURIComponent('プランの変更')}`);
  await hydrated(page);
  await expect(page.getByLabel('お問い合わせの種類')).toHaveValue('ご契約・お申し込みについて');
  await expect(page.getByLabel('件名')).toHaveValue('プランの変更');
  await expect(page.getByLabel('件名')).toBeEnabled();
});

test.describe('support inbox', () => {
  test('a signed-in member finds the form pre-filled; the admin answers and the reply arrives by mail', async ({ page, browser, signIn }) => {
    // Two people in two browsers, a sign-up and mail: 30 s is tight on a busy 2-core machine.
    test.setTimeout(90_000);
    const email = newEmail('member');
    await page.goto('/signup');
    await fillSignUp(page, { email });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page).toHaveURL('/registration');

    await page.goto('/support');
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: '姓' })).toHaveValue('山田');
    await expect(page.getByRole('textbox', { name: '名', exact: true })).toHaveValue('花子');
    await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toHaveValue(email);
    await fillInquiry(page, { contents: '無料体験中にプランを変更したいです。' });
    await submit(page).click();
    await expect(page).toHaveURL('/support_confirm');
    const ticketNumber = (await page.getByText(/^S-\d{6}$/).textContent())!;

    // The admin finds it by the member's email, reads it and answers.
    const staff = await browser.newContext({ viewport: page.viewportSize()!, extraHTTPHeaders: { 'x-forwarded-for': '198.18.250.1' } });
    const admin = await staff.newPage();
    await signIn(DEMO_ADMIN.email, staff);
    await admin.goto('/admin/support');
    await expect(admin.getByRole('tab', { name: /未対応/, selected: true })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'メールアドレスまたはお問い合わせ番号で検索' }).fill(email);
    await admin.getByRole('button', { name: '検索', exact: true }).click();
    await expect(admin.getByText('1件')).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: new RegExp(ticketNumber) }).click();
    await expect(admin.getByRole('heading', { level: 2, name: '請求内容の確認' })).toBeFocused();
    await expect(admin.getByRole('article')).toContainText('無料体験中にプランを変更したいです。');
    await expect(admin.getByRole('article')).toContainText('山田 花子（会員）');
    await expect(admin).toHaveURL(/\/admin\/support\?ticket=[0-9a-f-]{36}$/);

    await admin.getByRole('textbox', { name: '回答の本文' }).fill('お問い合わせありがとうございます。\n無料体験中のプラン変更を承りました。');
    await admin.getByRole('button', { name: '回答を送信' }).click();
    await expect(snackbar(admin, 'event')).toHaveText(/回答を送信しました/);
    await expect(admin.getByRole('article')).toContainText('無料体験中のプラン変更を承りました。');
    await expect(admin.getByRole('article')).toContainText('サポート担当（運営 管理）');
    await expect(admin.getByLabel('状態', { exact: true })).toHaveValue('pending');
    await expect(admin.getByRole('article').locator('header')).toContainText('回答済み');
    await expect(admin.getByRole('textbox', { name: '回答の本文' })).toHaveValue('');
    await expectAccessible(admin);

    // Resolving it moves it to the 解決済み tab.
    await admin.getByLabel('状態', { exact: true }).selectOption('resolved');
    await admin.getByRole('button', { name: '状態を変更' }).click();
    await expect(snackbar(admin, 'event')).toHaveText(/お問い合わせの状態を変更しました/);
    if ((page.viewportSize()?.width ?? 0) < 1024) await admin.getByRole('button', { name: '一覧へ戻る' }).click();
    await admin.getByRole('tab', { name: /解決済み/ }).click();
    await expect(admin.getByRole('button', { name: new RegExp(ticketNumber) })).toBeVisible();
    await staff.close();

    // The member's mailbox has the answer.
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: `【Musio English】お問い合わせへのご回答（${ticketNumber}）` }).click({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText('無料体験中のプラン変更を承りました。').first()).toBeVisible();
  });

  test('members are kept out of the inbox', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, { email: newEmail('curious') });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page).toHaveURL('/registration');
    await page.goto('/admin/support');
    await expect(page).not.toHaveURL(/admin/);
  });
});
