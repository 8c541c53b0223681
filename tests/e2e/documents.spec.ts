import type { Locator, Page } from '@playwright/test';
import { orderBody } from '../support/registration.ts';
import { expect, expectAccessible, hydrated, snackbar, test } from './support/fixtures.ts';
import { call, CARDS, memberWithAddress, saveCard } from './support/members.ts';

/**
 * Receipts and cooling-off in Chromium at 375 and 1280 px (issue 22): the billing history is
 * readable on a phone, a member sets the addressee and downloads the receipt, and cools off a
 * 12-month plan over 50,000 yen (特定継続的役務提供) on the cancellation page. The member is set up
 * through the API (the order screen is tested elsewhere).
 */
/** A member who ordered the 12-month kids plan of 8 lessons with a textbook (paid today: its receipt exists). */
async function memberWithQualifyingPlan(page: Page): Promise<string> {
  const origin = await memberWithCard(page);
  await call(page.request, origin, '/api/v2/registration', orderBody('ME_Plan_3_1', { productId: 'lessons-8', books: ['newCrown'] }));
  return origin;
}

/** A signed-in member with a selected address and a saved card; answers the site's origin. */
async function memberWithCard(page: Page): Promise<string> {
  const origin = await memberWithAddress(page, 'docs');
  await saveCard(page, origin, CARDS.succeeds);
  return origin;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

/** On how many lines the browser laid out the first occurrence of `words` in the element's text. */
function linesOf(element: Locator, words: string): Promise<number> {
  return element.first().evaluate((node, words) => {
    const texts: Text[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const whole = texts.map((text) => text.data).join('');
    const start = whole.indexOf(words);
    if (start < 0) throw new Error(`「${words}」 is not in 「${whole}」`);
    const at = (offset: number): [Text, number] => {
      for (const text of texts) {
        if (offset <= text.data.length) return [text, offset];
        offset -= text.data.length;
      }
      throw new Error('offset past the text');
    };
    const range = document.createRange();
    range.setStart(...at(start));
    range.setEnd(...at(start + words.length));
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  }, words);
}

test.describe('receipts and cooling-off', () => {
  test('billing history: readable without sideways scrolling; the addressee is set, then the receipt downloads as a PDF', async ({ page }) => {
    await memberWithQualifyingPlan(page);
    await page.goto('/billing-history');
    await hydrated(page);
    const list = page.getByRole('region', { name: 'お支払いの履歴' });
    const row = list.getByRole('listitem').filter({ hasText: 'オプション教材' });
    await expect(row).toBeVisible();
    // No sideways scrolling, and 内容 reads as a line, not a column of single characters.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const description = row.getByText('オプション教材', { exact: true }).last();
    expect((await boxOf(description)).width).toBeGreaterThan(60);
    // The floating support button never covers the amount once it is scrolled into view.
    const amount = row.getByLabel('金額');
    await amount.scrollIntoViewIfNeeded();
    const [a, fab] = [await boxOf(amount), await boxOf(page.locator('.support-fab'))];
    const overlaps = a.x < fab.x + fab.width && fab.x < a.x + a.width && a.y < fab.y + fab.height && fab.y < a.y + a.height;
    expect(overlaps).toBe(false);
    await expect(row).toContainText(/R-\d{4}-\d{6}/);
    await expect(row).toContainText(/注文番号 \d+-\d/);

    const addressee = row.getByLabel('宛名（会社名も可）');
    await addressee.fill('<b>株式会社</b>');
    await row.getByRole('button', { name: '宛名を保存' }).click();
    await expect(row.getByRole('alert')).toHaveText('宛名に使えない文字（改行・制御文字・「<」「>」などの記号）が含まれています。');
    await addressee.fill('株式会社ミライ 経理部');
    await row.getByRole('button', { name: '宛名を保存' }).click();
    await expect(snackbar(page, 'event')).toContainText('宛名を保存しました。');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('billing-history.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /PDFをダウンロード/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^R-\d{4}-\d{6}\.pdf$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(file!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(300 * 1024);
    // Downloaded once: the addressee is fixed from now on.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('listitem').filter({ hasText: 'オプション教材' })).toContainText('PDFをダウンロード済みのため、宛名は変更できません。');

    // The print page shows the same document, now marked as a re-issue.
    const href = await page.getByRole('listitem').filter({ hasText: 'オプション教材' }).getByRole('link', { name: /領収書を表示/ }).getAttribute('href');
    const receipt = await page.request.get(new URL(href!).pathname);
    const html = await receipt.text();
    expect(html).toContain('株式会社ミライ 経理部 様');
    expect(html).toContain('再発行（');

    // Someone else's or an unknown receipt: the Japanese not-found page in the site frame, 404.
    const missing = await page.goto('/receipts/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '書類が見つかりません' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'お支払いの履歴へ戻る' })).toBeVisible();
  });

  test('the order screen of a qualifying plan: the 概要書面 first, and no order without consent to documents by mail', async ({ page }) => {
    await memberWithCard(page);
    await page.goto('/registration/kodomo');
    await hydrated(page);
    const choose = (step: string, choice: string) => page.getByRole('radiogroup', { name: step }).getByRole('radio', { name: choice, exact: true }).check();
    await choose('プラン', 'ベーシック');
    await choose('契約期間', '12か月');
    await choose('月のレッスン回数', '月8回');
    const overview = page.getByRole('region', { name: '概要書面（特定継続的役務提供）' });
    await expect(overview).toContainText('クーリング・オフ');
    await expect(overview.getByRole('link', { name: '概要書面をダウンロード（PDF）' })).toHaveAttribute('href', /overview\.pdf\?/);
    const order = page.getByRole('button', { name: 'この内容で申し込む' });
    await expect(order).toBeDisabled();
    await overview.getByRole('checkbox', { name: /電子メール（PDF）で受け取ることに同意します/ }).check();
    await expect(order).toBeEnabled();
    await order.click();
    // The order goes through the payment gateway (and the lesson school): allow it a moment.
    await expect(page).toHaveURL('/signup-completed', { timeout: 20_000 });
  });

  test('cooling-off: offered with its last day on the cancellation page; everything paid comes back', async ({ page }) => {
    await memberWithQualifyingPlan(page);
    await page.goto('/cancellation');
    await hydrated(page);
    const offer = page.getByRole('region', { name: 'クーリング・オフ' });
    await expect(offer).toContainText(/\d{4}年\d{1,2}月\d{1,2}日までは、クーリング・オフにより無条件で契約を解除できます。/);
    await expect(offer).toContainText('2,200円');
    // The term is never cut at its 「・」 (at 375 px it was: 「クーリング・」 at a line's end).
    expect(await linesOf(offer.locator('p'), 'クーリング・オフ')).toBe(1);
    expect(await linesOf(offer.locator('p'), '2,200円')).toBe(1);
    expect(await linesOf(offer.getByRole('button'), 'クーリング・オフ')).toBe(1);
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'クーリング・オフで契約を解除する' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'クーリング・オフ' });
    expect(await linesOf(dialog.locator('p'), 'クーリング・オフ')).toBe(1);
    expect(await linesOf(dialog.getByRole('button', { name: 'クーリング・オフで契約を解除する' }), 'クーリング・オフ')).toBe(1);
    await dialog.getByRole('button', { name: 'クーリング・オフで契約を解除する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'クーリング・オフを受け付けました' })).toBeVisible();

    await page.goto('/billing-history');
    await hydrated(page);
    const refund = page.getByRole('listitem').filter({ hasText: '返金' }).first();
    await expect(refund).toContainText('返金済み');
    await expect(refund).toContainText('-2,200円');
    await expect(refund.getByRole('link', { name: /^返金明細/ })).toBeVisible();
  });

  test('cooling-off after cancelling the ordinary way: the page says it is cancelled and still offers cooling-off', async ({ page }) => {
    const origin = await memberWithQualifyingPlan(page);
    await call(page.request, origin, '/api/v2/cancel', { plan_name: 'kimini', reasons: ['schedule'] });
    await page.goto('/cancellation');
    await hydrated(page);
    await expect(page.getByText('このプランはすでに解約手続きが完了しています。')).toBeVisible();
    const offer = page.getByRole('region', { name: 'クーリング・オフ' });
    await expect(offer).toContainText(/\d{4}年\d{1,2}月\d{1,2}日までは、クーリング・オフにより無条件で契約を解除できます。/);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('cooling-off-after-cancelling.png'), fullPage: true });
    await offer.getByRole('button', { name: 'クーリング・オフで契約を解除する' }).click();
    await page.getByRole('alertdialog', { name: 'クーリング・オフ' }).getByRole('button', { name: 'クーリング・オフで契約を解除する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'クーリング・オフを受け付けました' })).toBeVisible();
    // Once cooled off, the page has nothing more to offer.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('このプランはすでに解約手続きが完了しています。')).toBeVisible();
    await expect(page.getByRole('region', { name: 'クーリング・オフ' })).toHaveCount(0);
  });
});
