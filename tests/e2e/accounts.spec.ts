import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { E2E_PASSWORD, e2eMemberEmail } from './support/accounts.ts';
import { expect, expectAccessible, fillSignUp, snackbar, test } from './support/fixtures.ts';

let counter = 0;
function newEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.jp`;
}

/** Fills and sends the sign-in form on the page (the journeys about signing in; the others use the `signIn` fixture). */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

test.describe('sign-up', () => {
  test('shows each validation message and enables the button only when the form is valid', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: '会員登録する' });
    await expect(submit).toBeDisabled();
    const lastName = page.getByRole('textbox', { name: '姓' });
    await lastName.focus();
    await lastName.blur();
    await expect(page.getByText('必須の項目です。')).toBeVisible();

    const email = page.getByRole('textbox', { name: 'メールアドレス' });
    await email.focus();
    await email.blur();
    await expect(page.getByText('メールアドレスは必須の項目です。')).toBeVisible();
    await email.fill('hanako@example');
    await expect(page.getByText('メールアドレスの形式が正しくありません。')).toBeVisible();

    const password = page.getByLabel('パスワード', { exact: true });
    for (const [value, message] of [
      ['abc', '最低８文字必須'],
      ['ABCDEFGH1', 'パスワードは半角英数字のみで、英小文字を1文字以上含めてください（記号は使えません）。'],
      ['eigo-2026', 'パスワードは半角英数字のみで、英小文字を1文字以上含めてください（記号は使えません）。'],
      ['password1', 'このパスワードは推測されやすいため使えません。別のパスワードを入力してください。'],
    ] as const) {
      await password.fill(value);
      await password.blur();
      await expect(page.getByText(message)).toBeVisible();
    }
    await fillSignUp(page, { email: newEmail('valid') });
    await expect(submit).toBeEnabled();
    const month = page.getByLabel('生まれた月');
    await month.focus();
    await month.selectOption('');
    await month.blur();
    await expect(submit).toBeDisabled();
    await expect(page.getByText('生年と生まれ月を選択してください。')).toBeVisible();
    await expectAccessible(page);
  });

  test('a taken email shows the emailTaken message in the red snackbar', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, { email: DEMO_ADMIN.email.toUpperCase() });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(snackbar(page, 'error')).toHaveText(/このEmailアドレスはもうすでに使われています/);
    await expect(page).toHaveURL('/signup');
  });

  test('a new member goes on to registration, and is kept there by the guard', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, { email: newEmail('new') });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page).toHaveURL('/registration');
    await page.goto('/mypage');
    await expect(page).toHaveURL('/registration');
    await page.goto('/');
    await expect(page).toHaveURL('/registration');
  });

  test('follows the redirect value after sign-up', async ({ page }) => {
    await page.goto('/signup?redirect=%2Fregistration%2Fkodomo');
    await fillSignUp(page, { email: newEmail('redirect') });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page).toHaveURL('/registration/kodomo');
  });
});

test.describe('sign-in and sign-out', () => {
  test('a visitor asking for a member page signs in and comes back to it', async ({ page }, info) => {
    await page.goto('/change-password');
    await expect(page).toHaveURL('/login?redirect=%2Fchange-password');
    await expectAccessible(page);
    await submitSignIn(page, e2eMemberEmail('login-redirect', info.project.name), E2E_PASSWORD);
    await expect(page).toHaveURL('/change-password');
    await expect(snackbar(page, 'event')).toHaveText(/ログインしました/);
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toHaveCount(0);
  });

  test('wrong credentials show invalidCredentials; a foreign redirect is ignored', async ({ page }, info) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await submitSignIn(page, e2eMemberEmail('login-redirect', info.project.name), 'wrong2026');
    await expect(snackbar(page, 'error')).toHaveText(/Emailかパスワードが間違っています/);
    await submitSignIn(page, e2eMemberEmail('login-redirect', info.project.name), E2E_PASSWORD);
    await expect(page).toHaveURL('/mypage');
  });

  test('logout from the navbar clears the session, says so and returns to /', async ({ page, isMobile }, info) => {
    await page.goto('/login');
    await submitSignIn(page, e2eMemberEmail('login-redirect', info.project.name), E2E_PASSWORD);
    await expect(page).toHaveURL('/mypage');
    await page.goto('/terms');
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    if (isMobile) await nav.getByText('メニュー', { exact: true }).click();
    await nav.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL('/');
    await expect(snackbar(page, 'event')).toHaveText(/ログアウトしました/);
    await page.goto('/mypage');
    await expect(page).toHaveURL('/login?redirect=%2Fmypage');
  });
});

test.describe('password', () => {
  test('the reset mail arrives in the mailbox and its link sets a new password; old sessions end', async ({ page, browser, signIn }, info) => {
    const email = e2eMemberEmail('reset', info.project.name);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(email, other);
    await otherPage.goto('/mypage');
    await expect(otherPage).toHaveURL('/mypage');

    await page.goto('/login');
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await expect(page).toHaveURL('/find-password');
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
    await page.getByRole('button', { name: '再設定用のリンクを送る' }).click();
    await expect(page.getByRole('status').filter({ hasText: '送信しました' }).first()).toBeVisible();

    await expect(async () => {
      await page.goto('/dev/mailbox');
      await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: /パスワード再設定のご案内/ }).first().click({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('link', { name: /\/reset-password#token=/ }).click();
    await expect(page).toHaveURL(/\/reset-password#token=/);
    await page.getByLabel('新しいパスワード').fill('newpass2026');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await expect(page).toHaveURL('/login');
    await expect(snackbar(page, 'event')).toHaveText(/パスワードを再設定しました/);
    await submitSignIn(page, email, 'newpass2026');
    await expect(page).toHaveURL('/mypage');

    await otherPage.goto('/change-password');
    await expect(otherPage).toHaveURL('/login?redirect=%2Fchange-password');
    await other.close();
  });

  test('a used or broken reset link says so and offers a new request', async ({ page }) => {
    await page.goto('/reset-password#token=' + 'a'.repeat(32));
    await page.getByLabel('新しいパスワード').fill('newpass2026');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/このリンクは無効/);
    await expect(snackbar(page, 'error')).toHaveText(/このリンクは無効/);
    await expect(page.getByRole('link', { name: 'もう一度再設定を申し込む' })).toHaveAttribute('href', '/find-password');
  });

  test('change password: a wrong current password fails, the right one succeeds', async ({ page, signIn }, info) => {
    const email = e2eMemberEmail('change-password', info.project.name);
    await signIn(email);
    await page.goto('/change-password');
    await expect(page).toHaveURL('/change-password');
    await expectAccessible(page);
    const save = page.getByRole('button', { name: '変更を保存する' });
    await expect(save).toBeDisabled();
    await page.getByLabel('現在のパスワード').fill('wrong2026');
    await page.getByLabel('新しいパスワード').fill('changed2026');
    await save.click();
    await expect(snackbar(page, 'error')).toHaveText(/パスワード変更できませんでした/);
    await page.getByLabel('現在のパスワード').fill(E2E_PASSWORD);
    await page.getByLabel('新しいパスワード').fill('changed2026');
    await save.click();
    await expect(snackbar(page, 'event')).toHaveText(/パスワードを変更しました/);
    // Put it back, so a rerun of the suite against the same server still signs in.
    await page.getByLabel('現在のパスワード').fill('changed2026');
    await page.getByLabel('新しいパスワード').fill(E2E_PASSWORD);
    await save.click();
    await expect(snackbar(page, 'event')).toHaveText(/パスワードを変更しました/);
  });
});

test.describe('the route guard', () => {
  test('a visitor is sent to sign in for protected pages', async ({ page }) => {
    for (const path of ['/mypage', '/registration', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  test('a signed-up member reaches My Page, is sent there from /, and away from admin paths', async ({ page, signIn }, info) => {
    const email = e2eMemberEmail('guard', info.project.name);
    await signIn(email);
    await page.goto('/mypage');
    await expect(page).toHaveURL('/mypage');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('試験 太郎')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/');
    await expect(page).toHaveURL('/mypage');
    await page.goto('/admin');
    await expect(page).toHaveURL('/mypage');
  });

  test('an admin passes every guard', async ({ page, signIn }) => {
    await signIn(DEMO_ADMIN.email);
    await page.goto('/mypage');
    await expect(page).toHaveURL('/mypage');
    await page.goto('/registration');
    await expect(page).toHaveURL('/registration');
    await page.goto('/');
    await expect(page).toHaveURL('/');
  });
});
