import { describe, expect, it } from 'vitest';
import { createBrowser, signUpIn } from '../../../tests/support/browser.ts';
import { memberWithCard, TEST_CARDS } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

interface Reply {
  requires_action: boolean;
  client_secret?: string;
  setup_intent_id?: string;
}

describe('POST /api/v2/card/authenticate (a card changed on My Page)', () => {
  it('a card the bank does not question is authenticated at once', async () => {
    const member = await memberWithCard(app, TEST_CARDS.succeeds);
    const response = await member.post('/api/v2/card/authenticate', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success', requires_action: false });
  });

  it('a 3-D Secure card goes through the loop: requires_action, the bank, then done; a refusal is authenticationFailed', async () => {
    const member = await memberWithCard(app, TEST_CARDS.authenticateSetupOnly);
    const first = (await (await member.post('/api/v2/card/authenticate', {})).json()) as Reply;
    expect(first).toMatchObject({ requires_action: true, setup_intent_id: expect.any(String), client_secret: expect.any(String) });
    // A double click continues the same setup.
    expect(((await (await member.post('/api/v2/card/authenticate', {})).json()) as Reply).setup_intent_id).toBe(first.setup_intent_id);
    await member.post(`/api/v2/local-gateway/intents/${first.setup_intent_id}/authenticate`, { client_secret: first.client_secret, approve: true });
    const done = await member.post('/api/v2/card/authenticate', { setup_intent_id: first.setup_intent_id });
    expect(await done.json()).toEqual({ status: 'success', requires_action: false });

    const other = await memberWithCard(app, TEST_CARDS.authenticateSetupOnly);
    const asked = (await (await other.post('/api/v2/card/authenticate', {})).json()) as Reply;
    await other.post(`/api/v2/local-gateway/intents/${asked.setup_intent_id}/authenticate`, { client_secret: asked.client_secret, approve: false });
    const refused = await other.post('/api/v2/card/authenticate', { setup_intent_id: asked.setup_intent_id });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'authenticationFailed' });
  });

  it("refuses another member's setup intent (404), a malformed id (400), no card (422), no session (401) and a cross-site post (403)", async () => {
    const owner = await memberWithCard(app, TEST_CARDS.authenticateSetupOnly);
    const theirs = (await (await owner.post('/api/v2/card/authenticate', {})).json()) as Reply;
    const intruder = await memberWithCard(app, TEST_CARDS.authenticateSetupOnly);
    const stolen = await intruder.post('/api/v2/card/authenticate', { setup_intent_id: theirs.setup_intent_id });
    expect(stolen.status).toBe(404);
    expect((await intruder.post('/api/v2/card/authenticate', { setup_intent_id: 'seti_does_not_exist' })).status).toBe(404);
    const malformed = await intruder.post('/api/v2/card/authenticate', { setup_intent_id: 'x y' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'badRequest' });

    const cardless = createBrowser(app);
    await signUpIn(cardless);
    expect(await (await cardless.post('/api/v2/card/authenticate', {})).json()).toMatchObject({ code: 'cardRequired' });
    expect((await createBrowser(app).post('/api/v2/card/authenticate', {})).status).toBe(401);
    const crossSite = createBrowser(app, { site: 'cross-site' });
    crossSite.cookies.set(...[...owner.cookies][0]!);
    expect((await crossSite.post('/api/v2/card/authenticate', {})).status).toBe(403);
  });
});
