import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Adds 山田 花子's address in Shibuya through the address book's dialog (registration and My
 * Page share the book), checking the postal-code fill on the way; the new address's radio.
 */
export async function addShippingAddress(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '住所を追加する' }).click();
  const dialog = page.getByRole('dialog', { name: 'お届け先住所の追加' });
  await dialog.getByRole('textbox', { name: '姓', exact: true }).fill('山田');
  await dialog.getByRole('textbox', { name: '名', exact: true }).fill('花子');
  await dialog.getByRole('textbox', { name: '姓（ローマ字）' }).fill('Yamada');
  await dialog.getByRole('textbox', { name: '名（ローマ字）' }).fill('Hanako');
  await dialog.getByRole('textbox', { name: '郵便番号' }).fill('150-0002');
  // The postal code fills the prefecture and the city from the offline dataset.
  await expect(dialog.getByRole('combobox', { name: '都道府県' })).toHaveValue('東京都');
  await expect(dialog.getByRole('textbox', { name: '市区町村' })).toHaveValue('渋谷区');
  await dialog.getByRole('textbox', { name: '町名・番地' }).fill('渋谷2-14-8');
  await dialog.getByRole('textbox', { name: '電話番号' }).fill('03-1234-5678');
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(dialog).toBeHidden();
  return page.getByRole('radio', { name: /山田 花子/ });
}
