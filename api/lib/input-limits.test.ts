import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/domain/input-shape.ts';
import { messages } from '../../src/i18n/messages.ts';
import { createBrowser, signUpInput } from '../../tests/support/browser.ts';
import { useTestApp } from '../../tests/support/test-app.ts';

/**
 * The shape limits at the boundary (issue 23): nesting, well-formed text, array and key counts,
 * refused with 400 and the `{ code, issues }` reply on any route that reads a body, before the
 * route's own schema and without a deep parse or walk.
 */
const app = useTestApp();

const raw = (path: string, body: BodyInit, type = 'application/json') =>
  createBrowser(app).request(path, { method: 'POST', headers: { 'content-type': type }, body });

describe('nesting depth', () => {
  it.each([
    ['sign-in', '/api/auth/signin'],
    ['sign-up', '/api/auth/signup'],
    ['an unknown admin call', '/api/v2/admin/step-mails'],
  ])('tens of thousands of [ on %s: 400 inputTooComplex (not 500), after one scan (the event-loop delay is measured in api/body-fuzz.test.ts)', async (_case, path) => {
    const response = await raw(path, '['.repeat(60_000));
    expect(response.status).toBeLessThan(500);
    if (path.startsWith('/api/auth/')) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ status: 'error', code: 'inputTooComplex', issues: [{ path: '', code: 'inputTooComplex' }] });
    }
  });

  it('a well-formed but too deep JSON value is refused the same way', async () => {
    const depth = INPUT_LIMITS.depth + 1;
    const response = await raw('/api/auth/signin', `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(await response.json()).toMatchObject({ code: 'inputTooComplex' });
  });
});

describe('well-formed Unicode', () => {
  it('a lone UTF-16 surrogate in a JSON field: 400 invalidUnicode at the field, with a Japanese message', async () => {
    const response = await raw('/api/auth/signup', JSON.stringify(signUpInput({ last_name: 'PLACEHOLDER' })).replace('PLACEHOLDER', '山\\ud800'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'invalidUnicode', issues: [{ path: 'last_name', code: 'invalidUnicode' }] });
    expect(messages.invalidUnicode).toMatch(/文字/);
  });

  it('a lone surrogate in a key', async () => {
    const response = await raw('/api/auth/signin', '{"\\udc00":"x","email":"a@example.jp","password":"eigo2026"}');
    expect(await response.json()).toMatchObject({ code: 'invalidUnicode' });
  });

  it.each([
    ['a stray continuation byte', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]],
    ['an encoded surrogate (CESU-8)', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]],
    ['a truncated sequence', [0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xe3, 0x81, 0x22, 0x7d]],
  ])('invalid UTF-8 (%s): 400 invalidUnicode', async (_case, bytes) => {
    const response = await raw('/api/auth/signin', new Uint8Array(bytes));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'invalidUnicode', issues: [{ path: '', code: 'invalidUnicode' }] });
  });
});

describe('widths', () => {
  it('an array past the limit: 400 inputTooComplex at its path', async () => {
    const response = await raw('/api/auth/signin', JSON.stringify({ email: Array<string>(INPUT_LIMITS.arrayLength + 1).fill('a'), password: 'x' }));
    expect(await response.json()).toMatchObject({ code: 'inputTooComplex', issues: [{ path: 'email', code: 'inputTooComplex' }] });
  });

  it('a form with too many fields: 400 inputTooComplex', async () => {
    const form = Array.from({ length: INPUT_LIMITS.keys + 1 }, (_, i) => `k${i}=1`).join('&');
    const response = await raw('/api/auth/signin', form, 'application/x-www-form-urlencoded');
    expect(await response.json()).toMatchObject({ code: 'inputTooComplex' });
  });

  it('a form field repeated past the array limit: 400 inputTooComplex', async () => {
    const form = `email=a@example.jp&${Array.from({ length: INPUT_LIMITS.arrayLength + 1 }, () => 'password=1').join('&')}`;
    const response = await raw('/api/auth/signin', form, 'application/x-www-form-urlencoded');
    expect(await response.json()).toMatchObject({ code: 'inputTooComplex', issues: [{ path: 'password' }] });
  });

  it('a form body still signs in (the limits leave ordinary input alone)', async () => {
    const response = await raw('/api/auth/signin', 'email=nobody%40example.jp&password=eigo2026', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(401);
  });

  it('a __proto__ form field is a plain field, not the prototype', async () => {
    const response = await raw('/api/auth/signin', '__proto__=x&email=nobody%40example.jp&password=eigo2026', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(401);
  });
});
