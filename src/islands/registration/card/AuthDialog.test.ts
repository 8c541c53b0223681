import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { $challenge, confirmIntent } from '../../../lib/payments/browser-payments.ts';
import { answerChallenge, AuthDialog } from './AuthDialog.tsx';

vi.mock('../../../lib/api.ts', () => ({ api: vi.fn(() => Promise.resolve({ status: 'success' })) }));

const challenge = { intentId: 'seti_local_1', clientSecret: 'seti_local_1_secret_abc', isSetup: true };
const render = () => renderToString(createElement(AuthDialog));

afterEach(() => {
  $challenge.set(null);
  vi.mocked(api).mockClear();
});

describe('AuthDialog, the local bank page', () => {
  it('renders nothing while no payment waits for authentication (no Headless UI markup on the server)', () => {
    expect(render()).toBe('');
  });

  // The buttons call answerChallenge(true) and (false); so does closing (Escape, a click outside).
  it.each([
    ['an approval', true],
    ['a refusal', false],
  ])('passes %s to the local gateway (approve=%s), then goes away', async (_how, approve) => {
    const confirmed = confirmIntent({ kind: 'local' }, challenge);
    expect(render()).not.toBe('');
    expect(api).not.toHaveBeenCalled();

    answerChallenge(approve);
    await confirmed;

    expect($challenge.get()).toBeNull();
    expect(render()).toBe('');
    expect(api).toHaveBeenCalledExactlyOnceWith(`/v2/local-gateway/intents/${challenge.intentId}/authenticate`, {
      method: 'POST',
      body: { client_secret: challenge.clientSecret, approve },
    });
  });
});
