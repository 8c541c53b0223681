import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Members set up through the API, for journeys that test what comes after registration. */
let counter = 0;
export const newEmail = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}.${Math.random().toString(36).slice(2, 7)}@example.jp`;
export const CARDS = { succeeds: '4242424242424242', authenticate: '4000002760003184' };

/** A POST from the page's browser context (cookies and origin as a browser sends them); it must answer 200. */
export async function call(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(path, { headers: { origin }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** Saves a local-gateway test card as the member's card. */
export async function saveCard(page: Page, origin: string, number: string) {
  const method = await call(page.request, origin, '/api/v2/local-gateway/payment-methods', { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' });
  await call(page.request, origin, '/api/v2/card', { token: method.data.id, name: 'HANAKO YAMADA' });
}

/** A member signed up in this page with a selected address; answers the site's origin. */
export async function memberWithAddress(page: Page, emailPrefix: string): Promise<string> {
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  await call(page.request, origin, '/api/auth/signup', { email: newEmail(emailPrefix), password: 'eigo2026', first_name: '花子', last_name: '山田', birthday: '198809', client_key: 'web' });
  await call(page.request, origin, '/api/v2/addresses', {
    lastName: '山田',
    firstName: '花子',
    romanizedLastName: 'Yamada',
    romanizedFirstName: 'Hanako',
    addressZip: '150-0002',
    addressState: '東京都',
    addressCity: '渋谷区',
    addressDetails: '渋谷2-14-8',
    buildingName: '',
    phoneNumber: '03-1234-5678',
  });
  return origin;
}
