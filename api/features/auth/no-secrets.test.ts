import { describe, expect, it } from 'vitest';
import { createBrowser, signUpInput } from '../../../tests/support/browser.ts';
import { resetTokenFrom, waitForMail } from '../../../tests/support/mails.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp({ jobs: true });

describe('secrets never leak', () => {
  it('no browser response body or log line contains a password, a session token or a reset token', async () => {
    const bodies: string[] = [];
    const record = async (response: Response) => {
      bodies.push(await response.clone().text());
      for (const [name, value] of response.headers) if (name !== 'set-cookie') bodies.push(value);
      return response;
    };
    const input = signUpInput({ password: 'secretpass2026' });
    const browser = createBrowser(app);
    await record(await browser.post('/api/auth/signup', input));
    const signupToken = browser.cookies.get('session')!;
    await record(await browser.post('/api/auth/signin', { email: input.email, password: 'wrongpass2026' }));
    await record(await browser.post('/api/auth/signin', { email: input.email, password: input.password }));
    const signinToken = browser.cookies.get('session')!;
    await record(await browser.get('/api/auth/session'));
    await record(await browser.post('/api/auth/password/change', { current_password: input.password, password: 'changedpass2026' }));
    await record(await browser.post('/api/auth/password/reset/request', { email: input.email }));
    const resetToken = resetTokenFrom((await waitForMail(app, input.email)).text);
    await record(await createBrowser(app).post('/api/auth/password/reset', { token: resetToken, password: 'resetpass2026' }));
    await record(await browser.post('/api/auth/signout'));

    const secrets = ['secretpass2026', 'wrongpass2026', 'changedpass2026', 'resetpass2026', signupToken, signinToken, resetToken];
    const secretParts = [...secrets, ...[signupToken, signinToken].map((token) => token.split('.')[1]!)];
    const everything = [...bodies, ...app.logLines].join('\n');
    expect(app.logLines.length).toBeGreaterThan(0);
    for (const secret of secretParts) expect(everything).not.toContain(secret);
  });

  it('redacts secret-looking fields if a log call ever includes them', () => {
    const before = app.logLines.length;
    app.ctx.logger.info('test line', { password: 'leak2026', token: 'abc.def', nested: { authorization: 'Bearer x' } });
    app.ctx.logger.child({ requestId: 'r' }).warn('test line', { headers: { cookie: 'session=cookie2026' }, card: { number: '4242424242424242', cvc: '987' } });
    const line = app.logLines.slice(before).join('');
    expect(line).toContain('"requestId":"r"');
    for (const secret of ['cookie2026', '4242424242424242', '987']) expect(line).not.toContain(secret);
    expect(line).not.toContain('leak2026');
    expect(line).not.toContain('abc.def');
    expect(line).not.toContain('Bearer x');
  });
});

describe('database errors in logs', () => {
  it('never carry the query parameters', async () => {
    const { redact } = await import('../../lib/logger.ts');
    const error = new Error('Failed query: insert into "sessions" ("id", "secret_hash") values ($1, $2)\nparams: abc,9f86d081884c7d659a2feaa0c55ad015');
    error.stack = `${error.message}\n    at insertSession (sessions.ts:1:1)`;
    const logged = JSON.stringify(redact(error));
    expect(logged).not.toContain('9f86d081884c7d659a2feaa0c55ad015');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('insertSession');
  });
});
