import type { Page } from '@playwright/test';
import { seedOptions } from '../../api/db/catalogue-seed.ts';
import { formatPrice, totalPrice } from '../../src/domain/plans/pricing.ts';
import { e2eMemberEmail } from './support/accounts.ts';
import { expect, expectAccessible, fillSignUp, hydrated, test } from './support/fixtures.ts';

/** The expected total, from the seeded catalogue and the domain's price rule. */
function expectedTotal(optionId: string, productId: string, months: number, extra = 0): string {
  const option = seedOptions.find((o) => o.optionId === optionId && o.productId === productId && o.contractMonth === months);
  if (!option) throw new Error(`no seeded plan ${optionId} on ${productId} for ${months} months`);
  return formatPrice(totalPrice({ id: option.optionId, price: option.price, original_price: option.originalPrice, contract_month: option.contractMonth }) + extra);
}

async function choose(page: Page, step: string, choice: string) {
  // A click before the chooser has hydrated only focuses the server-rendered radio (CI saw it once).
  await hydrated(page);
  await page.getByRole('radiogroup', { name: step }).getByRole('radio', { name: choice, exact: true }).click();
}

const total = (page: Page) => page.getByTestId('total-price');
const submit = (page: Page) => page.getByRole('button', { name: 'このプランで申し込む' });

test.describe('the plan chooser', () => {
  test('the button is disabled while the price is 0, and the page is accessible', async ({ page }) => {
    await page.goto('/plan/kodomo');
    await expect(page.getByRole('radiogroup', { name: 'カテゴリー' }).getByRole('radio', { name: 'キッズ', exact: true })).toBeChecked();
    await expect(submit(page)).toBeDisabled();
    await expect(page.getByText('上の項目をすべて選ぶと、料金が表示されます。').first()).toBeVisible();
    await expectAccessible(page);
    await choose(page, 'プラン', 'ベーシック');
    await choose(page, '契約期間', '3か月');
    await expect(submit(page)).toBeDisabled();
    await choose(page, '月のレッスン回数', '月30回');
    await expect(submit(page)).toBeEnabled();
    await expect(total(page)).toHaveText(expectedTotal('ME_Plan_2', 'lessons-30', 3));
    await expectAccessible(page);
  });

  test('prices a kids plan (12 months only) with its badge, and applies the book rule', async ({ page }) => {
    await page.goto('/plan/kodomo');
    await choose(page, 'プラン', 'キッズ');
    await expect(page.getByRole('radiogroup', { name: '契約期間' }).getByRole('radio', { name: '12か月' })).toBeChecked();
    await choose(page, '月のレッスン回数', '月8回');
    await expect(total(page)).toHaveText(expectedTotal('ME_Plan_3_1', 'lessons-8', 12));
    await expect(page.getByText('約26%OFF')).toBeVisible();

    const books = page.getByRole('group', { name: 'オプション教材' });
    const none = books.getByRole('checkbox', { name: '選択しない' });
    const newCrown = books.getByRole('checkbox', { name: 'NEW CROWN' });
    const connect = books.getByRole('checkbox', { name: 'Connect' });
    await expect(none).toBeChecked();
    await newCrown.check();
    await expect(none).not.toBeChecked();
    await connect.check();
    await expect(newCrown).toBeChecked();
    await expect(page.getByTestId('books-price')).toHaveText(formatPrice(4400));
    await none.check();
    await expect(newCrown).not.toBeChecked();
    await expect(connect).not.toBeChecked();
    await expect(page.getByTestId('books-price')).toHaveCount(0);
  });

  test('prices a family plan by lessons and content', async ({ page }) => {
    await page.goto('/plan/kodomo');
    await choose(page, 'プラン', 'ファミリー');
    await expect(page.getByRole('radiogroup', { name: '月のレッスン回数' }).getByRole('radio')).toHaveCount(2);
    await choose(page, '月のレッスン回数', '月60回');
    await choose(page, '教材', 'NHK');
    await expect(total(page)).toHaveText(expectedTotal('ME_Plan_3_2_3', 'lessons-60', 12));
    await expect(page.getByText('さらに15%OFF')).toBeVisible();
  });

  test('prices an adult plan at its contract total', async ({ page }) => {
    await page.goto('/plan/otona');
    await choose(page, 'プラン', 'おとな');
    await expect(page.getByRole('radiogroup', { name: '契約期間' }).getByRole('radio')).toHaveCount(2);
    await choose(page, '契約期間', '12か月');
    await choose(page, '月のレッスン回数', '月4回');
    await choose(page, '教材', 'Edge Business');
    await expect(total(page)).toHaveText(expectedTotal('adult_business_4', 'adult-business-4', 12));
    await expect(page.getByText('7%OFF', { exact: true })).toBeVisible();
  });

  test('prices the ESAT-J standard plan and the tablet with its safety plan', async ({ page }) => {
    await page.goto('/plan/esatj');
    // An app-only course: no robot is shipped, the workbook's shipping starts the trial.
    await expect(page.getByText('ワークブックの発送日から7日間は無料体験です。', { exact: false })).toBeVisible();
    await expect(page.getByText('ロボットの発送日', { exact: false })).toHaveCount(0);
    await choose(page, 'ご利用方法', 'スタンダード');
    await choose(page, '契約期間', '3か月');
    await expect(total(page)).toHaveText(expectedTotal('ESAT-J_Plan_2', 'esatj', 3));
    await choose(page, 'ご利用方法', 'タブレットレンタル');
    await choose(page, '契約期間', '12か月');
    await expect(submit(page)).toBeDisabled();
    await choose(page, 'タブレットのあんしん補償', '加入する');
    await expect(total(page)).toHaveText(expectedTotal('ESAT-J_Plan_6', 'esatj', 12, 550 * 12));
    await expectAccessible(page);
  });

  test('signed out, the button leads to sign-up, and the choice survives it', async ({ page }) => {
    await page.goto('/plan/kodomo');
    await choose(page, 'プラン', 'キッズ');
    await choose(page, '月のレッスン回数', '月4回');
    await submit(page).click();
    await expect(page).toHaveURL('/signup?redirect=%2Fregistration%2Fkodomo');
    await fillSignUp(page, { email: `plan.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.jp` });
    await page.getByRole('button', { name: '会員登録する' }).click();
    await expect(page).toHaveURL('/registration/kodomo');
    await page.goto('/plan');
    await expect(page.getByRole('radiogroup', { name: 'プラン' }).getByRole('radio', { name: 'キッズ' })).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: '月のレッスン回数' }).getByRole('radio', { name: '月4回' })).toBeChecked();
  });

  test('signed in, the button leads straight to registration', async ({ page, signIn }, info) => {
    await signIn(e2eMemberEmail('guard', info.project.name));
    await page.goto('/plan/otona');
    await hydrated(page);
    await choose(page, 'プラン', 'ベーシック');
    await choose(page, '契約期間', '1か月');
    await choose(page, '月のレッスン回数', '月8回');
    await submit(page).click();
    await expect(page).toHaveURL('/registration/otona');
  });

  test('an unknown /plan/{package} is the Otona plan page', async ({ page }) => {
    const response = await page.goto('/plan/unknown-package');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('radiogroup', { name: 'カテゴリー' }).getByRole('radio', { name: '大人', exact: true })).toBeChecked();
  });
});

test.describe('the plan table', () => {
  test('shows every category from the catalogue, tax included, with the three buttons', async ({ page }) => {
    await page.goto('/plantable');
    const kids = page.getByRole('table', { name: 'キッズ' });
    await expect(kids.getByRole('row', { name: /月8回/ })).toContainText(`${formatPrice(4730)}/月`);
    await expect(page.getByRole('table', { name: 'おとな' }).getByRole('row', { name: /月4回/ })).toContainText(formatPrice(55000));
    await expect(page.getByRole('table', { name: 'Musio ESAT-J' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'キッズの無料体験をはじめる' })).toHaveAttribute('href', '/plan/kodomo');
    await expect(page.getByRole('link', { name: '大人の無料体験をはじめる' })).toHaveAttribute('href', '/plan/otona');
    await expect(page.getByRole('link', { name: 'Musio ESAT-Jに申し込む' })).toHaveAttribute('href', '/plan/esatj');
    await expectAccessible(page);
  });

  test('every label and price reads on one line, at 375 px too (the table scrolls instead)', async ({ page }, testInfo) => {
    await page.goto('/plantable');
    const tables = page.getByRole('table');
    await expect(tables).toHaveCount(6); // drawn once the catalogue has answered
    // Each cell's text as the browser laid it out: how many lines, and how wide the cell is.
    const cells = await tables.evaluateAll((nodes) =>
      nodes.flatMap((table) =>
        [...table.querySelectorAll('th, td')].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          return { text: cell.textContent ?? '', lines, width: cell.getBoundingClientRect().width, firstColumn: cell.matches('tr > :first-child') };
        }),
      ),
    );
    expect(cells.length).toBeGreaterThan(30);
    expect(cells.filter((cell) => cell.lines !== 1).map((cell) => cell.text), 'cells whose text wraps').toEqual([]);
    // "月4回" and "レッスン回数" are three and six characters wide, not one.
    for (const cell of cells.filter((c) => c.firstColumn)) expect(cell.width, cell.text).toBeGreaterThan(cell.text.length * 10);
    await testInfo.attach('plan table', { body: await page.getByRole('region', { name: 'ベーシック', exact: true }).first().screenshot(), contentType: 'image/png' });
  });
});
