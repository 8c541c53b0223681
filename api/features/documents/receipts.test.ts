import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moveClock } from '../../../tests/support/billing.ts';
import { createBrowser, type TestBrowser } from '../../../tests/support/browser.ts';
import { memberWithCard, saveCard, TEST_CARDS } from '../../../tests/support/factories.ts';
import { orderBody, placeOrder, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { billingDocuments, charges } from '../../db/schema/index.ts';
import { refundCharge } from '../billing/refunds.ts';

/** Receipts and refund notes as documents (product decision 25; api-contract.md, third wave). */
const app = useTestApp();

async function booksReceiptOf(member: TestBrowser): Promise<{ id: string; url: string }> {
  const history = (await (await member.get('/api/v2/billing-history')).json()).data as { id: string; kind: string; receiptUrl: string }[];
  const books = history.find((row) => row.kind === 'books')!;
  return { id: books.id, url: books.receiptUrl };
}

const page = async (member: TestBrowser, id: string) => (await member.get(`/receipts/${id}`)).text();
const putAddressee = (member: TestBrowser, id: string, addressee: unknown) => member.request(`/api/v2/receipts/${id}/addressee`, { method: 'PUT', json: { addressee } });

function pdfText(bytes: Uint8Array): { text: string; info: string; png: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  const file = path.join(dir, 'receipt.pdf');
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  // Drawn as a person sees it: one page at 50 dpi (the PNG is kept in the temp folder to look at).
  execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', file, path.join(dir, 'receipt')]);
  return { text, info, png: path.join(dir, 'receipt.png') };
}

describe('a receipt is issued once, at payment, and never changes', () => {
  it('numbered R-YYYY-NNNNNN with the T-number and the 10% breakdown; the same after a card change, a name change and days passing', async () => {
    await moveClock(app, { to: '2027-06-01T10:00:00+09:00' });
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown', 'connect'] }));
    const { id, url } = await booksReceiptOf(member);
    expect(url).toMatch(new RegExp(`/receipts/${id}$`));
    const [receipt] = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.chargeId, id));
    expect(receipt).toMatchObject({ kind: 'receipt', number: expect.stringMatching(/^R-2027-\d{6}$/) });
    const before = await page(member, id);
    expect(before).toContain(receipt!.number);
    expect(before).toContain('4,400円（税込）');
    expect(before).toContain('10%対象 4,400円（うち消費税 400円）');
    expect(before).toContain('登録番号 T8010401000000');
    expect(before).toContain('〒150-0002 東京都渋谷区渋谷二丁目14番8号 ミュージオ渋谷ビル7階');
    expect(before).toContain('VISA 末尾 4242');
    expect(before).toContain('山田 花子 様');
    expect(before).toContain('発行日 2027年6月1日');
    expect(before).toMatch(/ご注文番号<\/dt><dd>\d{6}-\d<\/dd>/);

    expect((await saveCard(member, TEST_CARDS.authenticateSetupOnly)).status).toBe(200);
    expect((await member.request('/api/v2/profile', { method: 'PUT', json: { lastName: '佐藤', firstName: '一郎', birthday: '201204', eventMail: false } })).status).toBe(200);
    await moveClock(app, { advanceDays: 40 });
    expect(await page(member, id)).toBe(before);
  });
});

describe('the addressee (宛名)', () => {
  it('refuses empty, too long, control characters and markup with a Japanese message, saving nothing', async () => {
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
    const { id } = await booksReceiptOf(member);
    for (const [value, code] of [
      ['', 'addresseeRequired'],
      ['   ', 'addresseeRequired'],
      ['あ'.repeat(101), 'addresseeTooLong'],
      ['株式会社\nテスト', 'addresseeInvalid'],
      ['株式会社\u0007テスト', 'addresseeInvalid'],
      ['<b>株式会社</b>', 'addresseeInvalid'],
      ['株式会社&amp;', 'addresseeInvalid'],
      [42, 'addresseeRequired'],
    ] as const) {
      const response = await putAddressee(member, id, value);
      expect({ value, status: response.status }).toEqual({ value, status: 400 });
      expect(await response.json()).toMatchObject({ status: 'error', code });
    }
    expect(await page(member, id)).toContain('山田 花子 様');
    const [row] = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.chargeId, id));
    expect(row!.addressee).toBeNull();
  });

  it('is set until the first download; the PDF then carries it and later copies say 再発行 with their date', async () => {
    await moveClock(app, { advanceDays: 1 });
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
    const { id } = await booksReceiptOf(member);
    const saved = await putAddressee(member, id, ' 株式会社ミライ 経理部 ');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ status: 'success', data: { addressee: '株式会社ミライ 経理部' } });
    expect(await page(member, id)).toContain('株式会社ミライ 経理部 様');

    const first = await member.get(`/receipts/${id}.pdf`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="R-\d{4}-\d{6}\.pdf"$/);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    const original = pdfText(bytes);
    expect(original.text).toContain('領収書');
    expect(original.text).toContain('株式会社ミライ 経理部 様');
    expect(original.text).toContain('2,200円（税込）');
    expect(original.text).toContain('T8010401000000');
    expect(original.text).not.toContain('再発行');
    expect(original.info).toMatch(/Pages:\s+1\n/);
    expect(original.info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(readFileSync(original.png).subarray(1, 4).toString()).toBe('PNG');

    const locked = await putAddressee(member, id, '別の会社');
    expect(locked.status).toBe(409);
    expect(await locked.json()).toMatchObject({ code: 'addresseeLocked' });

    await moveClock(app, { advanceDays: 3 });
    const copy = pdfText(new Uint8Array(await (await member.get(`/api/v2/receipts/${id}.pdf`)).arrayBuffer()));
    expect(copy.text).toMatch(/再発行（\d{4}年\d{1,2}月\d{1,2}日）/);
    expect(copy.text).toContain('株式会社ミライ 経理部 様');
    expect(await page(member, id)).toContain('再発行（');
  });
});

describe('receipts and refund notes that are not the member’s own', () => {
  it('unknown, malformed, failed or another member’s: the Japanese not-found page with 404, never JSON', async () => {
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
    const { id } = await booksReceiptOf(member);
    const stranger = await signedUpMember(app);
    const [failed] = await app.ctx.database.db
      .insert(charges)
      .values({ accountId: (await app.ctx.database.db.select().from(charges).where(eq(charges.id, id)))[0]!.accountId, kind: 'fee', periodStart: '2027-06-01', amount: 2600, description: '返送料', status: 'failed', idempotencyKey: `test-failed-${id}` })
      .returning();
    const cases: [TestBrowser, string][] = [
      [stranger, `/receipts/${id}`],
      [stranger, `/receipts/${id}.pdf`],
      [stranger, `/api/v2/receipts/${id}`],
      [member, '/receipts/00000000-0000-4000-8000-000000000000'],
      [member, '/receipts/not-a-receipt'],
      [member, `/receipts/${failed!.id}`],
      [member, `/refund-notes/${id}`],
      [member, '/refund-notes/00000000-0000-4000-8000-000000000000.pdf'],
    ];
    for (const [browser, url] of cases) {
      const response = await browser.get(url);
      expect({ url, status: response.status, type: response.headers.get('content-type') }).toEqual({ url, status: 404, type: 'text/html; charset=utf-8' });
      expect(await response.text()).toContain('書類が見つかりません');
    }
    // Signed out: sign in first (a link from mail), then back.
    const signedOut = await createBrowser(app).get(`/refund-notes/${id}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/refund-notes/${id}`)}`);
  });
});

describe('refund notes (返金明細)', () => {
  it('a refund gets its own numbered document naming the receipt; the history row links it with its state', async () => {
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown', 'connect'] }));
    const { id } = await booksReceiptOf(member);
    const refund = await refundCharge(app.ctx, { chargeId: id, amount: 2200, reason: 'test' });
    expect(refund?.status).toBe('succeeded');
    const history = (await (await member.get('/api/v2/billing-history')).json()).data as { kind: string; receiptUrl: string | null; amount: number; status: string }[];
    const row = history.find((item) => item.kind === 'refund')!;
    expect(row).toMatchObject({ amount: -2200, status: 'succeeded', receiptUrl: expect.stringMatching(new RegExp(`/refund-notes/${refund!.id}$`)) });
    const [receipt] = await app.ctx.database.db.select().from(billingDocuments).where(eq(billingDocuments.chargeId, id));
    const html = await (await member.get(`/refund-notes/${refund!.id}`)).text();
    expect(html).toContain('返金明細書');
    expect(html).toContain('返金額 2,200円（税込）');
    expect(html).toContain(`${receipt!.number}（`);
    expect(html).toMatch(/番号 H-\d{4}-\d{6}/);
    const pdf = pdfText(new Uint8Array(await (await member.get(`/refund-notes/${refund!.id}.pdf`)).arrayBuffer()));
    expect(pdf.text).toContain('返金明細書');
    expect(pdf.text).toContain(receipt!.number);
  });
});
