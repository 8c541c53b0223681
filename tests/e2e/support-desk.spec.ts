import { DEMO_ADMIN } from '../../api/db/demo-accounts.ts';
import { expect, expectAccessible, hydrated, snackbar, test } from './support/fixtures.ts';

/**
 * The support desk (product decision 31, issue 24): a visitor writes with a screenshot; staff
 * assign, note, answer with a canned reply and a PDF; the visitor answers by mail (the dev
 * mailbox's reply, through the inbound-mail adapter); the ticket reopens with the answer in it.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1d5b20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  attachments: string[];
}

test('a ticket from the form with a screenshot, answered with a canned reply and a PDF, reopened by the sender’s mail', async ({ page, browser, signIn }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const email = `desk.${tag}@example.jp`;

  // The visitor writes, first choosing a file of the wrong type: refused with the reason, nothing lost.
  await page.goto('/support');
  await hydrated(page);
  await page.getByRole('textbox', { name: '姓' }).fill('佐藤');
  await page.getByRole('textbox', { name: '名', exact: true }).fill('一郎');
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByLabel('お問い合わせの種類').selectOption('ロボット・アプリの使い方について');
  await page.getByLabel('件名').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'お問い合わせ内容' }).fill('アプリがエラーになります。画面を添付します。');
  const files = page.getByLabel('添付ファイル（任意）');
  await files.setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: 'memo.txt' })).toHaveText('「memo.txt」は添付できません：添付できるのはPDF、PNG、JPEGのファイルだけです。');
  await expect(page.getByRole('textbox', { name: 'お問い合わせ内容' })).toHaveValue('アプリがエラーになります。画面を添付します。');
  await files.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('list', { name: '添付するファイル' })).toContainText('screenshot.png');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^送信/ }).click();
  await expect(page).toHaveURL('/support_confirm');
  const ticketNumber = (await page.getByText(/^S-\d{6}$/).textContent())!;

  // Staff keep a canned reply, then find the ticket.
  const staff = await browser.newContext({ viewport: page.viewportSize()!, extraHTTPHeaders: { 'x-forwarded-for': '198.18.251.7' } });
  const admin = await staff.newPage();
  await signIn(DEMO_ADMIN.email, staff);
  await admin.goto('/admin/support');
  await admin.getByRole('tab', { name: '定型文' }).click();
  const cannedTitle = `再起動の案内 ${tag}`;
  await admin.getByRole('textbox', { name: 'タイトル' }).fill(cannedTitle);
  await admin.getByRole('textbox', { name: '本文' }).fill('{{name}} 様\nアプリを再起動してください。手順書を添付します。');
  await admin.getByRole('button', { name: '保存する' }).click();
  await expect(snackbar(admin, 'event')).toContainText('定型文を保存しました');
  await expect(admin.getByRole('heading', { level: 3, name: cannedTitle })).toBeVisible();
  await expectAccessible(admin);

  await admin.getByRole('tab', { name: 'お問い合わせ' }).click();
  await admin.getByRole('searchbox', { name: 'メールアドレスまたはお問い合わせ番号で検索' }).fill(email);
  await admin.getByRole('button', { name: '検索', exact: true }).click();
  await admin.getByLabel('並び順').selectOption('waiting');
  const row = admin.getByRole('button', { name: new RegExp(ticketNumber) });
  await expect(row).toContainText('回答期限');
  await row.click();
  const ticket = admin.getByRole('article');
  await expect(ticket.getByRole('img', { name: '添付画像：screenshot.png' })).toBeVisible();
  await expect(ticket).toContainText('回答待ち');

  // Assign it to oneself; the "mine" view then lists it.
  await ticket.getByLabel('担当者', { exact: true }).selectOption({ label: '運営 管理' });
  await ticket.getByRole('button', { name: '担当者を変更' }).click();
  await expect(snackbar(admin, 'event')).toContainText('担当者を変更しました');

  // A note for staff only.
  await ticket.getByRole('textbox', { name: 'メモ' }).fill('アプリのバージョンを確認済み');
  await ticket.getByRole('button', { name: 'メモを残す' }).click();
  await expect(snackbar(admin, 'event')).toContainText('社内メモを残しました');
  await expect(ticket.getByRole('region', { name: '社内メモ' })).toContainText('アプリのバージョンを確認済み');

  // The answer: the canned reply with the sender's name, and a PDF.
  await ticket.getByRole('button', { name: '定型文から入力' }).click();
  await ticket.getByRole('searchbox', { name: '定型文を検索' }).fill(tag);
  await ticket.getByRole('button', { name: `「${cannedTitle}」を本文に入れる` }).click();
  await expect(ticket.getByRole('textbox', { name: '回答の本文' })).toHaveValue('佐藤 一郎 様\nアプリを再起動してください。手順書を添付します。');
  await ticket.getByLabel('添付ファイル（任意）').setInputFiles({ name: '手順書.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(ticket.getByRole('list', { name: '添付するファイル' })).toContainText('手順書.pdf');
  await expectAccessible(admin);
  await ticket.getByRole('button', { name: '回答を送信' }).click();
  await expect(snackbar(admin, 'event')).toHaveText(/回答を送信しました/);
  await expect(ticket.getByRole('link', { name: '手順書.pdf' })).toBeVisible();
  await expect(ticket.locator('header')).toContainText('回答済み');

  // The answer reached the visitor with the PDF; the visitor answers it by mail.
  let answer: OutboxMail | undefined;
  await expect(async () => {
    const mails = ((await (await page.request.get('/dev/mailbox.json')).json()) as { data: OutboxMail[] }).data;
    answer = mails.find((mail) => mail.to === email && mail.subject.includes('お問い合わせへのご回答'));
    expect(answer?.attachments).toEqual(['手順書.pdf']);
  }).toPass({ timeout: 15_000 });
  const replied = await page.request.post(`/dev/mailbox/${answer!.id}/reply`, { data: { text: '再起動したら直りました。ありがとうございました。' }, headers: { origin: new URL(page.url()).origin } });
  expect(await replied.json()).toEqual({ status: 'success', data: { kind: 'reply', outcome: 'threaded' } });

  // The ticket is open again, with the answer in its thread.
  await admin.reload();
  await expect(ticket.locator('header')).toContainText('未対応');
  await expect(ticket.getByRole('listitem').filter({ hasText: 'メールで返信' })).toContainText('再起動したら直りました。ありがとうございました。');
  await expectAccessible(admin);

  // A link to a ticket that is not there says so in place of the ticket, in Japanese.
  await admin.goto('/admin/support?ticket=00000000-0000-4000-8000-000000000000');
  await expect(admin.getByRole('main').getByRole('alert')).toHaveText('お探しのページまたはデータが見つかりませんでした。');
  await staff.close();
});
