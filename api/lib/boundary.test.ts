import { describe, expect, it } from 'vitest';
import { createBrowser, signUpIn, signUpInput, uniqueEmail } from '../../tests/support/browser.ts';
import { memberWithCard, orderBody, validAddress } from '../../tests/support/registration.ts';
import { useTestApp } from '../../tests/support/test-app.ts';

/** What reaches every route: text without NUL bytes, and bodies no larger than the limit. */
const app = useTestApp();

const NUL = '\u0000';

describe('NUL bytes are refused at the boundary (PostgreSQL cannot store them)', () => {
  it.each([
    ['sign-in email', '/api/auth/signin', { email: `a${NUL}@example.jp`, password: 'eigo2026' }, 'email'],
    ['sign-in password', '/api/auth/signin', { email: 'a@example.jp', password: `eigo${NUL}2026` }, 'password'],
    ['sign-up name', '/api/auth/signup', signUpInput({ last_name: `山${NUL}田` }), 'last_name'],
    ['sign-up email', '/api/auth/signup', signUpInput({ email: `${NUL}${uniqueEmail()}` }), 'email'],
    ['reset email', '/api/auth/password/reset/request', { email: `a@example.jp${NUL}` }, 'email'],
  ])('%s: 400 invalidCharacters', async (_case, path, body, field) => {
    const response = await createBrowser(app).post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'invalidCharacters', issues: [{ path: field, code: 'invalidCharacters' }] });
  });

  it('in a member’s address, a card holder, an order’s product id, a query and a path', async () => {
    const browser = createBrowser(app);
    await signUpIn(browser);
    const address = await browser.post('/api/v2/addresses', { ...validAddress, addressDetails: `渋谷${NUL}2-14-8` });
    expect(await address.json()).toMatchObject({ code: 'invalidCharacters', issues: [{ path: 'addressDetails' }] });
    const card = await browser.post('/api/v2/card', { token: 'pm_local_abcdef', name: `HANAKO${NUL}` });
    expect(await card.json()).toMatchObject({ code: 'invalidCharacters', issues: [{ path: 'name' }] });
    const order = await browser.post('/api/v2/registration', { ...orderBody('ME_Plan_1', { productId: 'lessons-4' }), productId: `lessons-4${NUL}` });
    expect([order.status, (await order.json()).code]).toEqual([400, 'invalidCharacters']);
    const nested = await browser.post('/api/v2/registration', { ...orderBody('ME_Plan_1', { productId: 'lessons-4' }), option: { id: `ME${NUL}`, price: 1 } });
    expect(await nested.json()).toMatchObject({ code: 'invalidCharacters', issues: [{ path: 'option.id' }] });
    const path = await browser.request(`/api/v2/addresses/${encodeURIComponent(NUL)}`, { method: 'DELETE' });
    expect(path.status).toBeLessThan(500);
  });
});

describe('text from cookies', () => {
  it('an a8 cookie the browser forged (a NUL byte) is ignored, not stored with the order', async () => {
    const browser = await memberWithCard(app);
    browser.cookies.set('a8', 's0001%00x');
    const response = await browser.post('/api/v2/registration', orderBody('ME_Plan_1', { productId: 'lessons-4' }));
    expect(response.status).toBe(200);
  });
});

/** A body sent in chunks, with no Content-Length (as `Transfer-Encoding: chunked` arrives). */
function chunkedBody(totalBytes: number, onPull: () => void): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"email":"${'a'.repeat(16 * 1024 - 12)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      onPull();
      if (sent >= totalBytes) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(sent === 0 ? chunk : new TextEncoder().encode('a'.repeat(16 * 1024)));
      sent += 16 * 1024;
    },
  });
}

describe('the body limit (64 KB) holds while the body streams in', () => {
  it.each([
    ['/api/auth/signin', 'POST'],
    ['/api/v2/payments/webhook', 'POST'],
    ['/api/auth/password/reset/request', 'POST'],
    ['/api/v2/support-mail', 'POST'],
  ])('%s: a 10 MB chunked body answers 413 after reading about 64 KB', async (path, method) => {
    let pulls = 0;
    const response = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: chunkedBody(10 * 1024 * 1024, () => (pulls += 1)),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 'error', code: 'requestTooLarge' });
    // 16 KB a pull: the reader stopped soon after 64 KB, far before 10 MB.
    expect(pulls).toBeLessThan(10);
  });

  it('a Content-Length over the limit is refused before reading', async () => {
    const response = await app.request('/api/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(65 * 1024) },
      body: 'x'.repeat(65 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it('a body under the limit is read as before', async () => {
    const response = await createBrowser(app).post('/api/auth/signin', { email: uniqueEmail(), password: 'eigo2026', client_key: 'x'.repeat(60 * 1024) });
    expect(response.status).toBe(401);
  });
});
