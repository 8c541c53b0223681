import { describe, expect, it } from 'vitest';
import { adminBrowser, markShipped, moveClock, onlySubscription } from '../../../tests/support/billing.ts';
import { createBrowser } from '../../../tests/support/browser.ts';
import { memberWithCard } from '../../../tests/support/factories.ts';
import { orderBody, placeOrder, signedUpMember } from '../../../tests/support/registration.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

/** The members' billing routes and the staff's shipping and returns (api-contract.md). */
const app = useTestApp({ jobs: true });

describe('subscriptions, billing history and receipts', () => {
  it('after an order: the plan waits for shipping, textbooks are in the history, userdata keeps the spec shape', async () => {
    await moveClock(app, { to: '2027-06-01T10:00:00+09:00' });
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown'] }));
    const sub = await onlySubscription(member);
    expect(sub).toMatchObject({ kind: 'normal', optionId: 'ME_Plan_3_1', contractMonth: 12, status: 'awaitingShipment', nextPayAt: null, shippedOn: null, pastDue: null });
    const history = (await (await member.get('/api/v2/billing-history')).json()).data;
    expect(history).toEqual([expect.objectContaining({ kind: 'books', amount: 2200, status: 'succeeded', receiptUrl: expect.stringMatching(/\/receipts\/[0-9a-f-]{36}$/) })]);
    const userdata = (await (await member.get('/api/v2/userdata')).json()).data;
    expect(userdata).toEqual([
      expect.objectContaining({ plan: sub.planName, product_id: sub.productId, option: 'ME_Plan_3_1', next_pay_at: null, kimini: { id: expect.stringMatching(/^KM\d+$/) }, stripe_id: expect.any(String) }),
    ]);
  });

  it('a receipt: the member’s own succeeded charge, with the tax inside the amount; never another member’s', async () => {
    const member = await memberWithCard(app);
    await placeOrder(member, orderBody('ME_Plan_3_1', { books: ['newCrown', 'connect'] }));
    const [books] = (await (await member.get('/api/v2/billing-history')).json()).data;
    const id = books.id as string;
    const receipt = await member.get(`/api/v2/receipts/${id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toContain('text/html');
    expect(receipt.headers.get('cache-control')).toBe('private, no-store');
    const html = await receipt.text();
    expect(html).toContain('領収書');
    expect(html).toContain('4,400円（税込）');
    // 4,400 − 4,400 / 1.1 = 400
    expect(html).toContain('400円');
    expect(html).toContain('山田 花子 様');

    const stranger = await signedUpMember(app);
    expect((await stranger.get(`/api/v2/receipts/${id}`)).status).toBe(404);
    expect((await createBrowser(app).get(`/api/v2/receipts/${id}`)).status).toBe(401);
    // From a mail link, signed out: to the login page and back.
    const page = await createBrowser(app).get(`/receipts/${id}`);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/receipts/${id}`)}`);
    expect((await member.get(`/receipts/${id}`)).status).toBe(200);
  });
});

describe('shipping and returns (staff)', () => {
  it('only admins: visitors 401, members 403', async () => {
    const member = await signedUpMember(app);
    const sub = await onlySubscription(member);
    expect((await createBrowser(app).post(`/api/v2/admin/subscriptions/${sub.id}/shipped`, { shippedOn: '2027-06-01' })).status).toBe(401);
    expect((await member.post(`/api/v2/admin/subscriptions/${sub.id}/shipped`, { shippedOn: '2027-06-01' })).status).toBe(403);
    expect((await member.post(`/api/v2/admin/subscriptions/${sub.id}/device-returned`, { returnedOn: '2027-06-01' })).status).toBe(403);
  });

  it.each([
    [{}, 400, 'thisFieldIsRequired'],
    [{ shippedOn: '2027/06/01' }, 400, 'invalidDate'],
    [{ shippedOn: '2027-02-30' }, 400, 'invalidDate'],
    [{ shippedOn: '2099-01-01' }, 422, 'dateInFuture'],
    [{ shippedOn: '2020-01-01' }, 422, 'dateTooEarly'],
  ])('refuses the shipping day %o with %i %s', async (body, status, code) => {
    const admin = await adminBrowser(app);
    const sub = await onlySubscription(await signedUpMember(app));
    const response = await admin.post(`/api/v2/admin/subscriptions/${sub.id}/shipped`, body);
    expect(response.status).toBe(status);
    expect((await response.json()).code).toBe(code);
  });

  it('marks shipped once: the trial starts; a second time is a conflict; an unknown id is not found (upper case is the same id)', async () => {
    const admin = await adminBrowser(app);
    const member = await signedUpMember(app);
    const sub = await onlySubscription(member);
    const { today } = await moveClock(app, { advanceDays: 0 });
    const shipped = await markShipped(admin, sub.id.toUpperCase(), today);
    expect(shipped.status).toBe(200);
    expect(await onlySubscription(member)).toMatchObject({ status: 'trialing', shippedOn: today });
    expect((await (await member.get('/api/v2/userdata')).json()).data[0].next_pay_at).toEqual(expect.any(Number));
    const again = await markShipped(admin, sub.id, today);
    expect([again.status, (await again.json()).code]).toEqual([409, 'alreadyShipped']);
    expect((await markShipped(admin, '00000000-0000-4000-8000-000000000000', today)).status).toBe(404);
  });

  it('device returned: only for plans with a device, only after shipping', async () => {
    const admin = await adminBrowser(app);
    const { today } = await moveClock(app, { advanceDays: 0 });
    const robot = await onlySubscription(await signedUpMember(app));
    const early = await admin.post(`/api/v2/admin/subscriptions/${robot.id}/device-returned`, { returnedOn: today });
    expect([early.status, (await early.json()).code]).toEqual([409, 'notYetShipped']);
    await markShipped(admin, robot.id, today);
    expect((await admin.post(`/api/v2/admin/subscriptions/${robot.id}/device-returned`, { returnedOn: today })).status).toBe(200);

    const esatj = await memberWithCard(app);
    await placeOrder(esatj, orderBody('ESAT-J_Plan_1'));
    const workbooks = await onlySubscription(esatj);
    const refused = await admin.post(`/api/v2/admin/subscriptions/${workbooks.id}/device-returned`, { returnedOn: today });
    expect([refused.status, (await refused.json()).code]).toEqual([409, 'noDeviceToReturn']);
  });

  it('a second live plan of the same kind is refused; the other kind is allowed (two plans at most)', async () => {
    const member = await signedUpMember(app);
    const again = await member.post('/api/v2/registration', orderBody('ME_Plan_1', { months: 1 }));
    expect([again.status, (await again.json()).code]).toEqual([409, 'planAlreadyActive']);
    await placeOrder(member, orderBody('ESAT-J_Plan_4'));
    const kinds = (await (await member.get('/api/v2/subscriptions')).json()).data.map((sub: { kind: string }) => sub.kind);
    expect(kinds).toEqual(['normal', 'esatj']);
  });
});

describe('the development clock', () => {
  it('moves forward only, and tells the time in Japan', async () => {
    const before = (await (await app.request('/dev/clock')).json()).data;
    const back = await app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: '2020-01-01T00:00:00+09:00' }) });
    expect([back.status, (await back.json()).code]).toEqual([409, 'clockBackwards']);
    const bad = await app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceDays: -1 }) });
    expect(bad.status).toBe(400);
    const moved = await moveClock(app, { advanceDays: 1 });
    expect(new Date(moved.now).getTime()).toBeGreaterThan(new Date(before.now).getTime() + 23 * 3600_000);
  });

  it('cannot be moved from another site', async () => {
    const response = await app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: JSON.stringify({ advanceDays: 1 }) });
    expect(response.status).toBe(403);
  });
});
