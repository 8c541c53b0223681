import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { E2E_PASSWORD, e2eMemberEmail } from './support/accounts.ts';
import { addShippingAddress } from './support/address.ts';
import { orderBody } from '../support/registration.ts';
import { expect, expectAccessible, fillSignUp, hydrated, snackbar, test, type SignIn } from './support/fixtures.ts';
import { call, CARDS, memberWithAddress, saveCard } from './support/members.ts';

/**
 * My Page (issue 11) at 375 and 1280 px: the demo journey member walks every menu item (a drawer
 * under 600 px, by keyboard), edits the profile and consent, adds and selects an address, changes
 * the card with 3-D Secure, adds an ESAT-J plan and sees both groups, opens a receipt, downloads
 * the data export and changes the email through the link in the mailbox. axe on every page.
 */

const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

/** The member, signed in by the fixture, on My Page. */
async function openMyPage(page: Page, signIn: SignIn, email: string) {
  await signIn(email);
  await page.goto('/mypage');
  await expect(page).toHaveURL('/mypage');
  await hydrated(page);
}

/** The menu: the side menu from 600 px, else the drawer opened by keyboard. */
async function openMenu(page: Page): Promise<Locator> {
  if (!isPhone(page)) return page.getByRole('navigation', { name: 'マイページメニュー' });
  const button = page.getByRole('button', { name: 'メニューを開く' });
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'マイページメニュー' });
  // The dialog element itself has no box (its panel is fixed): its title shows it is open.
  await expect(drawer.getByRole('heading', { name: 'マイページメニュー' })).toBeVisible();
  return drawer;
}

async function goByMenu(page: Page, label: string, path: string, heading = label) {
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('読み込み中', { exact: false })).toHaveCount(0);
  await expectAccessible(page);
}

async function authenticate(page: Page) {
  const approve = page.getByRole('dialog', { name: '本人認証（3Dセキュア）' }).getByRole('button', { name: '認証する' });
  await expect(approve).toBeVisible();
  await Promise.all([page.waitForResponse((response) => /\/api\/v2\/local-gateway\/intents\/.+\/authenticate$/.test(response.url())), approve.click()]);
}

test('the member walks My Page: menu, profile, address, card, a second plan, receipt, export, email', async ({ page, request, signIn }, info) => {
  test.setTimeout(180_000);
  const email = e2eMemberEmail('mypage', info.project.name);
  await openMyPage(page, signIn, email);

  // /mypage: user info, the plan with its state, announcements.
  await expect(page.getByText('メニューから、ご利用になりたい項目を選んでください。')).toBeVisible();
  const info_ = page.locator('section', { has: page.getByRole('heading', { name: '会員情報' }) });
  await expect(info_.getByText(email)).toBeVisible();
  const plans = page.locator('section', { has: page.getByRole('heading', { name: 'ご契約中のプラン' }) });
  await expect(plans.getByText('発送準備中')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'お知らせ' })).toBeVisible();
  await expectAccessible(page);

  // The drawer under 600 px: keyboard only, focus kept inside, Escape closes and focus returns.
  if (isPhone(page)) {
    const drawer = await openMenu(page);
    await expectAccessible(page);
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      await expect(drawer.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeFocused();
  }

  // The groups of a kids member, and links built elsewhere.
  const menu = await openMenu(page);
  await expect(menu.getByRole('heading', { name: '共通' })).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'キッズ・大人プラン' })).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'ESAT-J（アプリのみ）' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'プラン変更' })).toHaveAttribute('href', '/switch-plan');
  await expect(menu.getByRole('link', { name: '解約', exact: true })).toHaveAttribute('href', '/cancellation');
  await expect(menu.getByRole('link', { name: /ご利用マニュアル/ })).toHaveAttribute('target', '_blank');
  await expect(menu.getByRole('button', { name: 'レッスン予約' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  if (isPhone(page)) await page.keyboard.press('Escape');

  for (const [label, path, heading] of [
    ['パスワード変更', '/change-password', 'パスワード変更'],
    ['お支払いの履歴', '/billing-history', 'お支払いの履歴'],
    ['お友だち紹介', '/referral', 'お友だち紹介'],
    ['よくある質問', '/mypagere', 'よくある質問'],
  ] as const) {
    await goByMenu(page, label, path, heading);
  }
  // /mypagere: the FAQ accordion in its three panels, from Sanity.
  await expect(page.getByRole('main').locator('section[aria-labelledby^="faq-"]')).toHaveCount(3);
  await expect(page.locator('details').first()).toBeVisible();
  await page.goto('/referral');
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'あなたの紹介リンク' })).toHaveValue(/\/signup\?ref=[a-z0-9]{10}$/);

  // Profile: name and event-mail consent.
  await goByMenu(page, '会員情報の変更', '/user-info-edit');
  await page.getByRole('textbox', { name: '姓', exact: true }).fill('佐藤');
  await page.getByRole('checkbox', { name: /イベント・キャンペーンのお知らせ/ }).check();
  await page.getByRole('button', { name: '会員情報を保存する' }).click();
  await expect(snackbar(page, 'event')).toHaveText(/会員情報を保存しました/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: '姓', exact: true })).toHaveValue('佐藤');
  await expect(page.getByRole('checkbox', { name: /イベント・キャンペーンのお知らせ/ })).toBeChecked();

  // Shipping address: add one and select it.
  await goByMenu(page, 'お届け先住所', '/shipping-address');
  const added = await addShippingAddress(page);
  // The radio follows the server: it is checked once the selection is saved.
  await added.click();
  await expect(added).toBeChecked();

  // Payment card: the 3-D Secure card, authenticated for the charges to come.
  await goByMenu(page, 'お支払いカード', '/payment-card');
  await page.getByRole('button', { name: 'カードを変更する' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'お支払いカードの登録' });
  await cardDialog.getByRole('textbox', { name: 'カード番号' }).fill('4000 0027 6000 3184');
  await cardDialog.getByRole('textbox', { name: '有効期限（月/年）' }).fill(expiry);
  await cardDialog.getByRole('textbox', { name: 'セキュリティコード' }).fill('123');
  await cardDialog.getByRole('textbox', { name: 'カード名義（ローマ字）' }).fill('HANAKO YAMADA');
  await cardDialog.getByRole('button', { name: '保存する' }).click();
  await authenticate(page);
  await expect(page.getByRole('status').filter({ hasText: 'カード情報を更新しました。' })).toBeVisible();
  await expect(page.getByText('下4桁 3184')).toBeVisible();

  // A second plan: ESAT-J with a textbook, on the saved address and card.
  await goByMenu(page, 'ESAT-Jのお申し込み', '/registration-mej');
  await page.getByRole('radiogroup', { name: 'ご利用方法' }).getByRole('radio', { name: 'スタンダード', exact: true }).check();
  await page.getByRole('radiogroup', { name: '契約期間' }).getByRole('radio', { name: '12か月', exact: true }).check();
  await page.getByRole('checkbox', { name: 'NEW CROWN' }).check();
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await authenticate(page);
  await authenticate(page);
  await expect(page).toHaveURL('/signup-completed/musio_esatj');

  // Both groups now; the ESAT-J registration is inactive.
  await page.goto('/mypage');
  await hydrated(page);
  const both = await openMenu(page);
  await expect(both.getByRole('heading', { name: 'ESAT-J（アプリのみ）' })).toBeVisible();
  await expect(both.getByRole('button', { name: /ESAT-Jのお申し込み/ })).toBeDisabled();
  await expect(both.getByRole('link', { name: 'ESAT-Jの解約' })).toHaveAttribute('href', '/cancellation-mej');
  if (isPhone(page)) await page.keyboard.press('Escape');
  await goByMenu(page, 'ESAT-J 会員情報', '/mej-user-info');
  await expect(page.getByText(/Musio ESAT-J スタンダード/)).toBeVisible();

  // The textbook's receipt.
  await goByMenu(page, 'お支払いの履歴', '/billing-history');
  const receipt = page.getByRole('link', { name: /領収書を表示/ }).first();
  await expect(receipt).toBeVisible();
  await page.goto(new URL((await receipt.getAttribute('href'))!).pathname);
  await expect(page.getByRole('heading', { name: '領収書' })).toBeVisible();

  // The APPI export, then the email change through the mailbox.
  await page.goto('/user-info-edit');
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '登録情報をダウンロードする' }).click()]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; subscriptions: unknown[] };
  expect(exported.account.email).toBe(email);
  expect(exported.subscriptions).toHaveLength(2);

  const newEmail = `e2e.mypage.moved.${info.project.name}.${Date.now()}@example.jp`;
  await page.getByRole('textbox', { name: '新しいメールアドレス' }).fill(newEmail);
  await page.getByLabel('現在のパスワード').first().fill(E2E_PASSWORD);
  await page.getByRole('button', { name: '確認のメールを送る' }).click();
  await expect(snackbar(page, 'event')).toHaveText(/確認のメールを送りました/);
  const mails = ((await (await request.get('/dev/mailbox.json')).json()) as { data: { to: string; text: string }[] }).data;
  const link = mails.find((mail) => mail.to === newEmail)?.text.match(/https?:\/\/\S+\/email-change#token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  await page.goto(url.pathname + url.hash);
  await expect(page).toHaveURL('/mypage');
  await hydrated(page);
  await expect(page.getByText(newEmail)).toBeVisible();
  expect(mails.some((mail) => mail.to === email)).toBe(true);
});

test('what a signed-in member meets: no sign-up buttons, completion pages only after an order, the snackbar above a dialog, the support button clear of fields', async ({ page, signIn }, info) => {
  test.setTimeout(90_000);
  await openMyPage(page, signIn, e2eMemberEmail('member-fixes', info.project.name));

  // Marketing pages hide sign-up buttons and banners when signed in (spec: when a token exists).
  for (const path of ['/kids', '/plan/kodomo', '/plan/esatj']) {
    await page.goto(path);
    await expect(page.locator('a[href="/signup"]:visible')).toHaveCount(0);
  }

  // The completion pages follow an order only; otherwise My Page.
  for (const path of ['/signup-completed', '/signup-completed/musio_esatj']) {
    await page.goto(path);
    await expect(page).toHaveURL('/mypage');
  }

  // A refused card: the error snackbar is drawn above the dialog and its backdrop.
  await page.goto('/payment-card');
  await hydrated(page);
  await page.getByRole('button', { name: 'カードを変更する' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'お支払いカードの登録' });
  await cardDialog.getByRole('textbox', { name: 'カード番号' }).fill('4000 0000 0000 0002');
  await cardDialog.getByRole('textbox', { name: '有効期限（月/年）' }).fill(expiry);
  await cardDialog.getByRole('textbox', { name: 'セキュリティコード' }).fill('123');
  await cardDialog.getByRole('textbox', { name: 'カード名義（ローマ字）' }).fill('TARO SHIKEN');
  await cardDialog.getByRole('button', { name: '保存する' }).click();
  const error = snackbar(page, 'error');
  await expect(error).toHaveText(/カード情報の登録に失敗しました/);
  const box = (await error.boundingBox())!;
  const topmost = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('#snackbar-error') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(topmost).toBe(true);
  await cardDialog.getByRole('button', { name: 'キャンセル' }).click();

  // At 375 px the support link is in the page's flow, after the content: it never sits on a form control (issue 27).
  if (isPhone(page)) {
    await page.goto('/user-info-edit');
    await hydrated(page);
    const fab = page.locator('.support-fab');
    expect(await fab.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const fabBox = (await fab.boundingBox())!;
    const controls = page.locator('main').locator('input:visible, select:visible, textarea:visible, button:visible');
    for (const control of await controls.all()) {
      const b = await control.boundingBox();
      if (!b) continue;
      const overlaps = b.x < fabBox.x + fabBox.width && fabBox.x < b.x + b.width && b.y < fabBox.y + fabBox.height && fabBox.y < b.y + b.height;
      expect(overlaps, `the support button covers ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
    }
  }
});

test('a friend signs up through the invitation link, and /referral counts it (product decision 22)', async ({ page, browser, signIn }, info) => {
  test.setTimeout(60_000);
  await openMyPage(page, signIn, e2eMemberEmail('member-fixes', info.project.name));
  await page.goto('/referral');
  await hydrated(page);
  const link = page.getByRole('textbox', { name: 'あなたの紹介リンク' });
  await expect(link).toHaveValue(/\/signup\?ref=[a-z0-9]{10}$/);
  const url = new URL(await link.inputValue());
  const signups = page.locator('dt', { hasText: 'リンクからの会員登録' }).locator('xpath=following-sibling::dd');
  const before = Number(await signups.textContent());

  const friendContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.88.${info.workerIndex}.${Math.floor(Math.random() * 250)}` } });
  const friend = await friendContext.newPage();
  await friend.goto(url.pathname + url.search);
  await fillSignUp(friend, { email: `e2e.friend.${info.project.name}.${Date.now()}@example.jp` });
  await friend.getByRole('button', { name: '会員登録する' }).click();
  // Sign-up hashes a password: on a busy machine it may take a while.
  await expect(friend).toHaveURL('/registration', { timeout: 20_000 });
  await friendContext.close();

  await page.reload();
  await hydrated(page);
  await expect(signups).toHaveText(String(before + 1));
  await expectAccessible(page);
});

test('a member whose every plan has ended can order again from the menu, with the saved address and card', async ({ page }, info) => {
  const origin = await memberWithAddress(page, 'ended');
  await saveCard(page, origin, CARDS.succeeds);
  await call(page.request, origin, '/api/v2/registration', orderBody('ME_Plan_1', { productId: 'lessons-4' }));
  // Cancelled in the trial: the plan ends at once.
  await call(page.request, origin, '/api/v2/cancel', { plan_name: 'kimini', reasons: ['schedule'] });
  await page.goto('/mypage');
  await hydrated(page);
  const menu = await openMenu(page);
  const order = menu.getByRole('region', { name: 'プランのお申し込み' });
  await expect(order.getByRole('link')).toHaveText(['キッズ・大人プランのお申し込み', 'ESAT-Jのお申し込み']);
  await expect(menu.getByRole('link', { name: '解約', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath('ended-member-menu.png'), fullPage: true });
  await order.getByRole('link', { name: 'キッズ・大人プランのお申し込み' }).click();
  await expect(page).toHaveURL('/registration-me');
  await hydrated(page);
  await expect(page.getByText('キッズ・大人プランのお申し込みです。', { exact: false })).toBeVisible();
  // The order form itself, not the notice for a member who already holds that kind of plan.
  await expect(page.getByText('キッズ・大人プランはお申し込み済みです。', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectAccessible(page);
});
