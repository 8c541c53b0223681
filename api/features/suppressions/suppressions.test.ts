import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SuppressionRow } from '../../../src/domain/mail/suppression.ts';
import { adminBrowser, latestAuditEntries, staffBrowser } from '../../../tests/support/admin.ts';
import { createBrowser } from '../../../tests/support/browser.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { mails } from '../../db/schema/index.ts';
import { queueMail } from '../mail/outbox.ts';
import { recordBounce } from './service.ts';

const app = useTestApp();
const db = () => app.ctx.database.db;
const mailsTo = (to: string, template: string) =>
  db()
    .select()
    .from(mails)
    .where(and(eq(mails.toAddress, to), eq(mails.template, template)));

async function sendMassMail(title: string) {
  const owner = await adminBrowser(app);
  const response = await owner.post('/api/v2/admin/mail', { selectList: 'all', mailTitle: title, mailHtml: '<p>お知らせです。</p>' });
  expect(response.status).toBe(200);
}

async function suppressions(): Promise<SuppressionRow[]> {
  const owner = await adminBrowser(app);
  return ((await (await owner.get('/api/v2/admin/suppressions')).json()) as { data: SuppressionRow[] }).data;
}

const serviceMail = (to: string) => queueMail(app.ctx, { template: 'order-confirmation', to, content: { subject: 'ご注文ありがとうございます', text: '本文', html: '<p>本文</p>' } });

describe('deliverability (product decision 34)', () => {
  it('bounce → suppressed → no advertising mail, service mail held → lifted → mail again', async () => {
    const email = 'bouncer@example.jp';
    await seedMember(db(), { email, createdAt: new Date() });
    await sendMassMail('一通目');
    const [first] = await mailsTo(email, 'mass-mail');
    expect(first).toBeDefined();

    const bounce = await createBrowser(app).post(`/dev/mailbox/${first!.id}/bounce`, { kind: 'hard' });
    expect(bounce.status).toBe(200);
    expect(await bounce.json()).toMatchObject({ data: { email, kind: 'hard', suppressed: true } });

    await sendMassMail('二通目');
    expect(await mailsTo(email, 'mass-mail')).toHaveLength(1);
    await serviceMail(email);
    const [held] = await mailsTo(email, 'order-confirmation');
    expect(held!.status).toBe('held');
    const [row] = (await suppressions()).filter((entry) => entry.email === email);
    expect(row).toMatchObject({ reason: 'hardBounce', source: 'dev-mailbox', bounces: [{ kind: 'hard', source: 'dev-mailbox' }], heldMails: [{ id: held!.id, subject: 'ご注文ありがとうございます' }] });

    const owner = await adminBrowser(app);
    const lifted = await owner.request(`/api/v2/admin/suppressions/${encodeURIComponent(email.toUpperCase())}`, { method: 'DELETE' });
    expect(lifted.status).toBe(200);
    expect((await suppressions()).some((entry) => entry.email === email)).toBe(false);
    expect((await latestAuditEntries(app, 1, 'suppressionLift'))[0]).toMatchObject({ outcome: 'success', targetId: email, before: { reason: 'hardBounce' }, after: { releasedMails: 1 } });
    // The held mail is back in the outbox with a delivery job (this app runs without the job queue).
    expect((await mailsTo(email, 'order-confirmation'))[0]!.status).toBe('queued');

    await sendMassMail('三通目');
    expect(await mailsTo(email, 'mass-mail')).toHaveLength(2);
  });

  it('suppresses on a complaint at once, and on the third soft bounce in a row', async () => {
    const source = 'test';
    expect(await recordBounce(app.ctx, { address: 'complainer@example.jp', kind: 'complaint', source })).toEqual({ suppressed: true });
    expect(await recordBounce(app.ctx, { address: 'Soft@Example.jp', kind: 'soft', source })).toEqual({ suppressed: false });
    expect(await recordBounce(app.ctx, { address: 'soft@example.jp', kind: 'soft', source })).toEqual({ suppressed: false });
    expect(await recordBounce(app.ctx, { address: 'soft@example.jp', kind: 'soft', source })).toEqual({ suppressed: true });
    const rows = await suppressions();
    expect(rows.find((row) => row.email === 'complainer@example.jp')).toMatchObject({ reason: 'complaint' });
    expect(rows.find((row) => row.email === 'soft@example.jp')).toMatchObject({ reason: 'softBounces', bounces: [{ kind: 'soft' }, { kind: 'soft' }, { kind: 'soft' }] });
  });

  it('a DSN read by the inbound-mail adapter suppresses its recipient (hard bounce)', async () => {
    const raw = await readFile(new URL('../../adapters/inbound-mail/fixtures/dsn-hard.eml', import.meta.url));
    expect(await app.ctx.inbound.receive(raw)).toMatchObject({ kind: 'bounce', outcome: '1 recorded, 1 suppressed' });
    expect((await suppressions()).find((row) => row.email === 'hanako.yamada@example.com')).toMatchObject({ reason: 'hardBounce', source: 'dsn' });
  });

  it('answers 404 for an unknown mail or an address not suppressed, 400 for an unknown kind, 403 to billing', async () => {
    const visitor = createBrowser(app);
    expect((await visitor.post('/dev/mailbox/00000000-0000-4000-8000-000000000001/bounce', { kind: 'hard' })).status).toBe(404);
    const [any] = await db().select().from(mails).limit(1);
    expect((await visitor.post(`/dev/mailbox/${any!.id}/bounce`, { kind: 'bogus' })).status).toBe(400);
    const owner = await adminBrowser(app);
    expect((await owner.request('/api/v2/admin/suppressions/nobody%40example.jp', { method: 'DELETE' })).status).toBe(404);
    const billing = await staffBrowser(app, 'billing');
    expect((await billing.get('/api/v2/admin/suppressions')).status).toBe(403);
  });
});
