import { and, asc, eq, inArray } from 'drizzle-orm';
import { charges, mails, subscriptions } from '../../api/db/schema/index.ts';
import type { SubscriptionView } from '../../src/domain/billing/contract.ts';
import { adminBrowser } from './admin.ts';
import type { TestBrowser } from './browser.ts';
import { TEST_CARDS } from './factories.ts';
import { signedUpMember } from './registration.ts';
import type { TestApp } from './test-app.ts';

export { adminBrowser } from './admin.ts';

/** Moves the development clock (forward only) and waits for what became due: as POST /dev/clock does. */
export async function moveClock(app: TestApp, move: { advanceDays: number } | { to: string }): Promise<{ now: string; today: string }> {
  const response = await app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(move) });
  if (response.status !== 200) throw new Error(`clock move failed: ${response.status} ${await response.text()} ${app.logLines.filter((line) => line.includes("error")).slice(-3).join("\n")}`);
  return ((await response.json()) as { data: { now: string; today: string } }).data;
}

export async function today(app: TestApp): Promise<string> {
  const response = await app.request('/dev/clock');
  return ((await response.json()) as { data: { today: string } }).data.today;
}

export async function subscriptionsOf(browser: TestBrowser): Promise<SubscriptionView[]> {
  const response = await browser.get('/api/v2/subscriptions');
  if (response.status !== 200) throw new Error(`subscriptions: ${response.status}`);
  return ((await response.json()) as { data: SubscriptionView[] }).data;
}

export async function onlySubscription(browser: TestBrowser): Promise<SubscriptionView> {
  const [sub, ...rest] = await subscriptionsOf(browser);
  if (!sub || rest.length) throw new Error('expected exactly one subscription');
  return sub;
}

export async function markShipped(admin: TestBrowser, subscriptionId: string, shippedOn: string): Promise<Response> {
  return admin.post(`/api/v2/admin/subscriptions/${subscriptionId}/shipped`, { shippedOn });
}

/** The ledger of one subscription, oldest first. */
export async function chargesOf(app: TestApp, subscriptionId: string, kinds: (typeof charges.$inferSelect)['kind'][] = ['period']) {
  return app.ctx.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), inArray(charges.kind, kinds)))
    .orderBy(asc(charges.periodStart), asc(charges.createdAt));
}

export async function subscriptionRow(app: TestApp, id: string) {
  return (await app.ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
}

/** Mails to an address whose template starts with a prefix, oldest first. */
export async function mailsTo(app: TestApp, to: string, templatePrefix = '') {
  const rows = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, to)).orderBy(asc(mails.createdAt));
  return rows.filter((row) => row.template.startsWith(templatePrefix));
}

export async function emailOf(browser: TestBrowser): Promise<string> {
  const response = await browser.get('/api/auth/session');
  return ((await response.json()) as { data: { email: string } }).data.email;
}

/**
 * A monthly member (ME_Plan_1, 1 month) on a card (one that pays unless told), whose robot staff
 * marked shipped on `shippedOn`: the trial ends 7 days later and the first charge is due then.
 */
export async function memberShippedOn(app: TestApp, shippedOn: string, card: string = TEST_CARDS.succeeds): Promise<{ member: TestBrowser; subscriptionId: string }> {
  const admin = await adminBrowser(app);
  const member = await signedUpMember(app, { card, optionId: 'ME_Plan_1', months: 1 });
  const sub = await onlySubscription(member);
  const shipped = await markShipped(admin, sub.id, shippedOn);
  if (shipped.status !== 200) throw new Error(`marking shipped answered ${shipped.status}`);
  return { member, subscriptionId: sub.id };
}
