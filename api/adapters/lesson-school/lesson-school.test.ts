import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { memberWithCard } from '../../../tests/support/factories.ts';
import { orderBody } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { HttpLessonSchool } from './http.ts';
import { SimulatedLessonSchool } from './simulator.ts';

const app = useTestApp();

/** A stand-in for the partner's API on 127.0.0.1, recording what it receives. */
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
const school = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body: body ? JSON.parse(body) : undefined });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/accounts') return res.end(JSON.stringify({ id: 'KM12345678', first_login_url: 'https://school.example.jp/first-login/abc' }));
    if (req.url === '/v1/accounts/KM12345678/sso-links') return res.end(JSON.stringify({ url: 'https://school.example.jp/sso/xyz' }));
    res.statusCode = 500;
    res.end('{}');
  });
});
await new Promise<void>((resolve) => school.listen(0, '127.0.0.1', resolve));
const schoolUrl = `http://127.0.0.1:${(school.address() as { port: number }).port}`;
afterAll(() => new Promise<void>((resolve) => school.close(() => resolve())));

describe('the lesson school over HTTP', () => {
  const http = new HttpLessonSchool({ url: schoolUrl, apiKey: 'school-key-123' });

  it('creates the account with the API key and the order as idempotency key', async () => {
    const account = await http.createAccount({ orderId: 'order-1', email: 'hanako@example.jp', name: '山田 花子' });
    expect(account).toEqual({ accountId: 'KM12345678', firstLoginUrl: 'https://school.example.jp/first-login/abc' });
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/accounts', body: { external_id: 'order-1', email: 'hanako@example.jp', name: '山田 花子' } });
    expect(request.headers.authorization).toBe('Bearer school-key-123');
    expect(request.headers['idempotency-key']).toBe('order-1');
  });

  it('asks for a single sign-on link', async () => {
    expect(await http.singleSignOnUrl('KM12345678')).toBe('https://school.example.jp/sso/xyz');
  });

  it('fails loudly when the school answers an error', async () => {
    await expect(http.singleSignOnUrl('unknown')).rejects.toThrow(/answered 500/);
  });
});

describe('the simulator', () => {
  it('returns the same account when asked twice for an order', async () => {
    const simulator = new SimulatedLessonSchool({ db: app.ctx.database.db, origin: 'http://localhost:4321' });
    const first = await simulator.createAccount({ orderId: crypto.randomUUID(), email: 'a@example.jp', name: '試験 太郎' });
    const again = await simulator.createAccount({ orderId: crypto.randomUUID(), email: 'a@example.jp', name: '試験 太郎' });
    expect(first.accountId).not.toBe(again.accountId);
    const orderId = crypto.randomUUID();
    const x = await simulator.createAccount({ orderId, email: 'b@example.jp', name: '試験 花子' });
    expect(await simulator.createAccount({ orderId, email: 'b@example.jp', name: '試験 花子' })).toEqual(x);
  });

  it('gives members a single sign-on link and serves its pages', async () => {
    const browser = await memberWithCard(app);
    expect((await browser.get('/api/v2/lesson-sso-link')).status).toBe(404);
    await browser.post('/api/v2/registration', orderBody('ME_Plan_3', { productId: 'lessons-8' }));
    const link = await (await browser.get('/api/v2/lesson-sso-link')).json();
    expect(link.data.url).toMatch(/^http:\/\/localhost:4321\/dev\/lesson-school\/sso\?token=[0-9a-f]{32}$/);
    const page = await app.request(new URL(link.data.url).pathname + new URL(link.data.url).search);
    expect(await page.text()).toContain('山田 花子 様、ようこそ');
  });
});
