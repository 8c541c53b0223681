import type { APIRequestContext, Page } from '@playwright/test';
import { currentStep, totpCode } from '../../api/features/two-factor/totp.ts';
import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { E2E_EVENT_MAIL_MEMBERS, E2E_PASSWORD, e2eAdminEmail } from './support/accounts.ts';
import { expect, expectAccessible, hydrated, settled, snackbar, test } from './support/fixtures.ts';

/** The admin console (issue 14): the demo admin's day at 1280 px, the shell on a phone, the second factor. */

/** The sign-in form, for the journeys where signing in is part of what is checked (its audit entry, the second factor). */
async function signInWithForm(page: Page, email: string, password: string, redirect = '/admin') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: '管理メニュー' });
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/dev/mailbox.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

test.describe('the demo admin at 1280 px', () => {
  test.skip(({ isMobile }) => isMobile, 'the journey runs on the desktop; the phone checks the shell below');

  test('creates a test account, writes, edits and mails an announcement, and finds it all in the audit log', async ({ page, request, browser, signIn }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const accountEmail = `e2e.created.${stamp}@example.jp`;
    const title = `E2E お知らせ ${stamp}`;
    const editedTitle = `${title}（改訂）`;

    // Through the form: the audit log below shows this sign-in.
    await signInWithForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: '一斉メール送信' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: '一斉メール送信' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // Add Account: a test account (the checkbox starts checked).
    await sidebar(page).getByRole('link', { name: 'アカウント作成' }).click();
    await expect(page).toHaveURL('/admin/addAccount');
    const register = page.getByRole('button', { name: '登録する' });
    await expect(register).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'テストアカウント' })).toBeChecked();
    await page.getByRole('textbox', { name: '姓' }).fill('試験');
    await page.getByRole('textbox', { name: '名', exact: true }).fill('花子');
    await page.getByRole('textbox', { name: 'メールアドレス' }).fill(accountEmail);
    await page.getByLabel('パスワード', { exact: true }).fill('eigo2026');
    await expect(register).toBeDisabled();
    await page.getByLabel('生年月').fill('2012-04');
    await expect(register).toBeEnabled();
    const form = page.getByRole('main');
    await expect(form.getByRole('link', { name: '利用規約 （新しいタブで開きます）' })).toHaveAttribute('target', '_blank');
    await expect(form.getByRole('link', { name: 'プライバシーポリシー （新しいタブで開きます）' })).toHaveAttribute('target', '_blank');
    await expect(form.getByRole('link', { name: 'ログインはこちら' })).toHaveAttribute('href', '/login');
    await expectAccessible(page);
    await register.click();
    await expect(snackbar(page, 'event')).toHaveText(/アカウントの作成が完了しました/);
    await expect(page.getByRole('status').filter({ hasText: accountEmail })).toContainText('テスト');

    // Members: found by email, marked as a test account, its page opens.
    await sidebar(page).getByRole('link', { name: '会員' }).click();
    await page.getByRole('searchbox', { name: 'メールアドレス・氏名' }).fill(accountEmail);
    await page.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(`/admin/members?q=${encodeURIComponent(accountEmail)}`);
    await settled(page);
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').filter({ hasText: accountEmail });
    await expect(row).toContainText('テスト');
    await expect(row).toContainText('プランなし');
    await expectAccessible(page);
    await row.getByRole('link', { name: accountEmail }).click();
    await expect(page.getByRole('heading', { level: 2, name: /試験 花子/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'テストアカウント' })).toBeVisible();
    await expectAccessible(page);

    // Announcements: edit needs a selection; new, then edit.
    await sidebar(page).getByRole('link', { name: 'お知らせ' }).click();
    await expect(page).toHaveURL('/admin/notification');
    await expect(page.getByText('「新規」または「編集」をクリックしてから入力してください。')).toBeVisible();
    await page.getByRole('button', { name: '編集', exact: true }).click();
    await expect(snackbar(page, 'error')).toHaveText(/編集するデータを選択してください/);
    await page.getByRole('button', { name: '新規', exact: true }).click();
    await page.getByRole('button', { name: '新規登録する' }).click();
    await expect(page.getByText('必須の項目です。').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'タイトル' }).fill(title);
    const body = page.getByRole('textbox', { name: '本文' });
    await expect(body).toHaveAttribute('rows', '8');
    await body.fill('夏休みの特別レッスンを7月から始めます。\n\nくわしくはマイページをご覧ください。');
    await page.getByRole('radiogroup', { name: 'マイページに表示する' }).getByRole('radio', { name: 'はい' }).check();
    await page.getByRole('radiogroup', { name: 'メールで転送する' }).getByRole('radio', { name: 'はい' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: '新規登録する' }).click();
    await expect(snackbar(page, 'event')).toHaveText(/お知らせを登録しました。/);
    const table = page.getByRole('region', { name: 'お知らせの一覧' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText(title);

    await first.getByRole('radio').check();
    await page.getByRole('button', { name: '編集', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'タイトル' })).toHaveValue(title);
    await page.getByRole('textbox', { name: 'タイトル' }).fill(editedTitle);
    await page.getByRole('button', { name: '編集を保存する' }).click();
    await expect(snackbar(page, 'event')).toHaveText(/お知らせを更新しました。/);
    const edited = table.getByRole('row').filter({ hasText: editedTitle });
    await edited.getByRole('button', { name: /本文を見る/ }).click();
    // Only this announcement's body is open (earlier runs' announcements on the same database stay closed).
    await expect(table.getByText('夏休みの特別レッスンを7月から始めます。').filter({ visible: true })).toHaveCount(1);

    // The mail icon: asks, sends once, then disappears.
    await edited.getByRole('button', { name: /をメールで送信/ }).click();
    const dialog = page.getByRole('dialog', { name: 'お知らせをメールで送信しますか？' });
    await expect(dialog).toContainText(editedTitle);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '送信する' }).click();
    await expect(snackbar(page, 'event')).toHaveText(/メール送信を開始しました/);
    await expect(edited.getByRole('button', { name: /をメールで送信/ })).toHaveCount(0);

    // It reaches the member who accepts event mail, and not the one who does not.
    await expect
      .poll(async () => (await outbox(request)).filter((mail) => mail.subject.includes(editedTitle)).map((mail) => mail.to), { timeout: 15_000 })
      .toContain(E2E_EVENT_MAIL_MEMBERS.consenting);
    const sent = (await outbox(request)).filter((mail) => mail.subject.includes(editedTitle));
    expect(sent.map((mail) => mail.to)).not.toContain(E2E_EVENT_MAIL_MEMBERS.declining);
    expect(sent.filter((mail) => mail.to === E2E_EVENT_MAIL_MEMBERS.consenting)).toHaveLength(1);
    expect(sent[0]!.text).toContain('夏休みの特別レッスンを7月から始めます。');

    // The audit log has it all.
    await sidebar(page).getByRole('link', { name: '操作ログ' }).click();
    await expect(page).toHaveURL('/admin/audit');
    const log = page.getByRole('region', { name: '操作ログ' });
    for (const [action, target] of [
      ['アカウント作成', accountEmail],
      ['お知らせの登録', title],
      ['お知らせの編集', editedTitle],
      ['お知らせのメール送信', editedTitle],
      ['会員情報の表示', accountEmail],
    ] as const) {
      await expect(log.getByRole('row').filter({ hasText: action }).filter({ hasText: target }).first()).toBeVisible();
    }
    await expectAccessible(page);
    await page.getByLabel('操作', { exact: true }).selectOption('signIn');
    await page.getByLabel('実行者（メールアドレス）').fill(DEMO_ADMIN.email);
    await page.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(/action=signIn/);
    await expect(log.getByRole('row').nth(1)).toContainText('管理者ログイン');
    await expect(log.getByRole('row').nth(1)).toContainText(DEMO_ADMIN.email);
    await expect(log.getByRole('row').filter({ hasText: 'お知らせの登録' })).toHaveCount(0);

    // The member who accepts event mail also finds it on My Page.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signIn(E2E_EVENT_MAIL_MEMBERS.consenting, memberContext);
    await member.goto('/mypage');
    await expect(member).toHaveURL('/mypage');
    const announcements = member.getByRole('region', { name: 'お知らせ' });
    await expect(announcements.getByText(editedTitle)).toBeVisible();
    await expectAccessible(member);
    await memberContext.close();
  });

  test('an admin enrols an authenticator app, keeps the recovery codes, and signs in with a code', async ({ page, signIn }, info) => {
    // Two sign-ins, an enrolment and three axe runs: 32 s once on a loaded 2-core machine.
    test.setTimeout(60_000);
    const email = e2eAdminEmail(info.project.name);
    await signIn(email);
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin');
    await sidebar(page).getByRole('link', { name: '2段階認証' }).click();
    await page.getByRole('button', { name: '設定を始める' }).click();
    await expect(page.getByRole('img', { name: '認証アプリで読み取るQRコード' })).toBeVisible();
    const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: '確認コード' }).fill(totpCode(secret, currentStep(Date.now())));
    await page.getByRole('button', { name: '有効にする' }).click();
    await expect(snackbar(page, 'event')).toHaveText(/2段階認証を有効にしました。/);
    const codes = page.getByRole('list', { name: 'リカバリーコード' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'コードを保管しました' }).click();
    await expect(page.getByText('使えるリカバリーコード：残り10個')).toBeVisible();

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await signInWithForm(page, email, E2E_PASSWORD);
    const code = page.getByRole('textbox', { name: '確認コード' });
    await expect(code).toBeFocused();
    await code.fill('000000' === totpCode(secret, currentStep(Date.now())) ? '111111' : '000000');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(snackbar(page, 'error')).toHaveText(/確認コードが正しくありません/);
    await code.fill(totpCode(secret, currentStep(Date.now()) + 1));
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL('/admin');
    await expectAccessible(page);
  });
});

test.describe('the console shell on a phone (375 px)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer is for narrow screens');

  test('an unknown section falls back to the first; the menu is a drawer that keeps focus and closes with Escape', async ({ page, signIn }) => {
    await signIn(DEMO_ADMIN.email);
    await page.goto('/admin/no-such-section');
    await expect(page).toHaveURL('/admin/sendMail');
    await expect(page.getByRole('heading', { level: 1, name: '一斉メール送信' })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expectAccessible(page);

    const open = page.getByRole('button', { name: 'メニュー', exact: true });
    await open.click();
    const drawer = page.getByRole('dialog', { name: '管理メニュー' });
    await expect(drawer.getByRole('link', { name: 'お知らせ' })).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      await expect(drawer.locator(':focus')).toHaveCount(1);
    }
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('link', { name: '操作ログ' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: '操作ログ' })).toBeVisible();
    await expect(page.getByRole('region', { name: '操作ログ' })).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: '一斉メール送信' })).toBeVisible();
  });
});
