import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { E2E_PASSWORD, e2eMemberEmail } from './support/accounts.ts';
import { expect, expectAccessible, hydrated, snackbar, test } from './support/fixtures.ts';

/**
 * The billing clock seen by staff and a member (issue 16): the demo admin marks the member's order
 * shipped in the console, the development clock moves 8 days, the trial has ended and the first
 * plan charge is there; the member opens its receipt.
 */

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

test('the admin marks an order shipped; 8 days later the member has paid and opens the receipt', async ({ page, browser, request, signIn }, info) => {
  test.setTimeout(120_000);
  const memberEmail = e2eMemberEmail('billing', info.project.name);

  // Staff: the member's page in the console, the shipping day (today by default), 発送済みにする.
  await signIn(DEMO_ADMIN.email);
  await page.goto('/admin/members');
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'メールアドレス・氏名' }).fill(memberEmail);
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: memberEmail }).click();
  const plans = page.getByRole('region', { name: 'プラン（契約）' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'プラン（契約）' }) }));
  await expect(plans.getByText('発送待ち')).toBeVisible();
  await expectAccessible(page);
  await plans.getByRole('button', { name: '発送済みにする' }).click();
  await expect(snackbar(page, 'event')).toHaveText(/発送済みにしました/);
  await expect(plans.getByText('無料体験中')).toBeVisible();

  // Eight days on: the trial is over and the first period is charged.
  const moved = await request.post('/dev/clock', { data: { advanceDays: 8 } });
  expect(moved.status()).toBe(200);
  await page.reload();
  await expect(plans.getByText('利用中')).toBeVisible();
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'お支払いの履歴' }) });
  await expect(history.getByText('プラン料金')).toBeVisible();

  // The audit log has it.
  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: '発送の記録（無料体験の開始）' }).first()).toBeVisible();

  // The member: the receipt mail's link, through sign-in, to the printable receipt.
  const mails = ((await (await request.get('/dev/mailbox.json')).json()) as { data: OutboxMail[] }).data;
  const paid = mails.find((mail) => mail.to === memberEmail && mail.subject.includes('お支払いありがとうございます'));
  expect(paid).toBeDefined();
  const receiptUrl = /https?:\/\/\S+\/receipts\/[0-9a-f-]{36}/.exec(paid!.text)?.[0];
  expect(receiptUrl).toBeDefined();
  const memberContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.77.${info.workerIndex}.${Math.floor(Math.random() * 250)}` } });
  const member = await memberContext.newPage();
  await member.goto(new URL(receiptUrl!).pathname);
  await expect(member).toHaveURL(/\/login\?redirect=/);
  await hydrated(member);
  await member.getByRole('textbox', { name: 'メールアドレス' }).fill(memberEmail);
  await member.getByLabel('パスワード', { exact: true }).fill(E2E_PASSWORD);
  await member.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(member).toHaveURL(/\/receipts\//);
  await expect(member.getByRole('heading', { name: '領収書' })).toBeVisible();
  await expect(member.getByText('円（税込）').first()).toBeVisible();
  await memberContext.close();
});
