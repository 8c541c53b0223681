import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { MAX_ATTACHMENT_BYTES } from '../../../src/domain/mail/step-mails.ts';
import { adminBrowser, latestAuditEntries } from '../../../tests/support/admin.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { accounts, mails, stepMailDeliveries } from '../../db/schema/index.ts';
import { anonymizeAccount } from '../profile/queries.ts';
import { sweepUnclaimedUploads } from '../uploads/pending.ts';

/**
 * Step mails (product decisions 8, 20, 21): the list as the console edits it, attachments checked from their
 * bytes, and the scheduler on the billing clock sending each step once per member at its Japan time.
 */
const app = useTestApp({ jobs: true });
let admin: TestBrowser;
const db = () => app.ctx.database.db;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(bytes: Uint8Array, name: string): Promise<Response> {
  return admin.request('/api/v2/admin/step-mails/uploads', { method: 'POST', body: new Blob([bytes as Uint8Array<ArrayBuffer>]), headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) } });
}

async function moveClock(to: string): Promise<void> {
  const response = await admin.post('/dev/clock', { to });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  admin = await adminBrowser(app);
});

describe('step mails: the list', () => {
  it('adds, lists, edits and deletes a step; every change is in the audit log', async () => {
    const created = await admin.post('/api/v2/admin/step-mails', { title: '2日目', content: '<p>ようこそ<script>x()</script></p>', date: 2, time: '09:00', file: '' });
    expect(created.status).toBe(200);
    const { data: step } = await created.json();
    expect(step).toMatchObject({ title: '2日目', content: '<p>ようこそ</p>', date: 2, time: '09:00', file: null });
    const list = await (await admin.request('/api/v2/admin/step-mails')).json();
    expect(list.data.Items).toEqual([expect.objectContaining({ num: step.num, title: '2日目' })]);
    const edited = await admin.request('/api/v2/admin/step-mails', { method: 'PUT', json: { num: step.num, title: '3日目', content: '<p>三日目</p>', date: '3', time: '18:30', file: '' } });
    expect((await edited.json()).data).toMatchObject({ num: step.num, title: '3日目', date: 3, time: '18:30' });
    expect((await latestAuditEntries(app, 1, 'stepMailUpdate'))[0]).toMatchObject({ outcome: 'success' });
    const deleted = await admin.request('/api/v2/admin/step-mails', { method: 'DELETE', json: { num: step.num, time: '18:30' } });
    expect(deleted.status).toBe(200);
    expect((await (await admin.request('/api/v2/admin/step-mails')).json()).data.Items).toEqual([]);
    expect((await admin.request('/api/v2/admin/step-mails', { method: 'DELETE', json: { num: step.num } })).status).toBe(404);
  });

  it.each([
    ['a text file named .pdf', new TextEncoder().encode('hello, not a pdf'), 'notes.pdf', 415, 'fileTypeNotAllowed'],
    ['a GIF', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'anim.gif', 415, 'fileTypeNotAllowed'],
    ['a PDF over 10 MB', new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(0x25, 0, 1), 'big.pdf', 413, 'fileTooLarge'],
  ])('refuses %s', async (_name, bytes, fileName, status, code) => {
    const response = await upload(bytes, fileName);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it.each([
    ['a PDF named .html', PDF, 'welcome.html', 'application/pdf', '.pdf'],
    ['a PNG named .exe', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'setup.exe', 'image/png', '.png'],
    ['a JPEG named .svg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]), 'logo.svg', 'image/jpeg', '.jpg'],
    ['a PDF with no name', PDF, '', 'application/pdf', '.pdf'],
  ])('stores %s under the extension of its detected type', async (_name, bytes, fileName, type, extension) => {
    const response = await upload(bytes, fileName);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({ type, size: bytes.byteLength });
    expect(data.file).toMatch(/^step-mails\/[0-9a-f-]{36}\.(pdf|png|jpg)$/);
    expect(data.file.endsWith(extension)).toBe(true);
  });

  it('a malformed percent-encoded file name is no 500 (the name is not used)', async () => {
    const response = await admin.request('/api/v2/admin/step-mails/uploads', { method: 'POST', body: new Blob([PDF]), headers: { 'content-type': 'application/pdf', 'x-file-name': '%E0%A4%A' } });
    expect(response.status).toBe(200);
  });

  it('stops reading a chunked upload as soon as it passes 10 MB: 413 with the Japanese message key', async () => {
    let offered = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x25);
    // 100 MB offered, with no Content-Length; the server must stop asking near the limit.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offered >= 100 * 1024 * 1024) return controller.close();
        offered += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await admin.request('/api/v2/admin/step-mails/uploads', { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/pdf' } } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'fileTooLarge' });
    expect(offered).toBeLessThan(MAX_ATTACHMENT_BYTES + 2 * 1024 * 1024);
  });

  const uploaded = async () => ((await (await upload(PDF, 'guide.pdf')).json()) as { data: { file: string } }).data.file;
  const step = (file: string, title = '案内') => ({ title, content: '<p>本文</p>', date: 1, time: '09:00', file, fileName: 'guide.pdf' });
  const hoursLater = (hours: number) => new Date(Date.now() + hours * 60 * 60_000);

  // The hourly maintenance (purgeExpired) runs this sweep; called alone here.
  it('deletes a file uploaded for a step never saved a day later; a saved step keeps its file, and a step saved after the sweep is refused', async () => {
    const [abandoned, saved, late] = [await uploaded(), await uploaded(), await uploaded()];
    const created = await admin.post('/api/v2/admin/step-mails', step(saved));
    expect(created.status).toBe(200);

    await sweepUnclaimedUploads(app.ctx, hoursLater(23));
    expect(await app.ctx.storage.head(abandoned)).toBeDefined();

    await sweepUnclaimedUploads(app.ctx, hoursLater(25));
    expect(await app.ctx.storage.head(abandoned)).toBeUndefined();
    expect(await app.ctx.storage.head(late)).toBeUndefined();
    expect(await app.ctx.storage.head(saved)).toBeDefined();
    const refused = await admin.post('/api/v2/admin/step-mails', step(late));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'fileNotFound' });
    await admin.request('/api/v2/admin/step-mails', { method: 'DELETE', json: { num: (await created.json()).data.num } });
  });

  it('a step takes its file from the uploads: not a file stored some other way, not another step\'s; an edit keeps its own file', async () => {
    const planted = 'step-mails/22222222-2222-4222-8222-222222222222.pdf';
    await app.ctx.storage.put(planted, PDF, 'application/pdf');
    const refused = await admin.post('/api/v2/admin/step-mails', step(planted));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'fileNotFound' });

    const file = await uploaded();
    const first = (await (await admin.post('/api/v2/admin/step-mails', step(file, '一通目'))).json()).data;
    expect((await admin.post('/api/v2/admin/step-mails', step(file, '二通目'))).status).toBe(422);
    const edited = await admin.request('/api/v2/admin/step-mails', { method: 'PUT', json: { num: first.num, ...step(file, '一通目（改）') } });
    expect(edited.status).toBe(200);
    expect((await edited.json()).data).toMatchObject({ title: '一通目（改）', file });
    const replacement = await uploaded();
    const replaced = await admin.request('/api/v2/admin/step-mails', { method: 'PUT', json: { num: first.num, ...step(replacement, '一通目') } });
    expect((await replaced.json()).data).toMatchObject({ file: replacement });
    await admin.request('/api/v2/admin/step-mails', { method: 'DELETE', json: { num: first.num } });
  });

  it('refuses a step whose file is not in storage', async () => {
    const response = await admin.post('/api/v2/admin/step-mails', { title: 't', content: 'c', date: 0, time: '09:00', file: 'step-mails/00000000-0000-4000-8000-000000000000.pdf' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'fileNotFound' });
  });
});

describe('step mails: the scheduler', () => {
  it('sends a step at its Japan time on its day, once per consenting member, with the attachment; a later step that is past reaches nobody', async () => {
    const now = app.ctx.clock.now();
    const today = tokyoToday(now);
    await seedMember(db(), { email: 'drip1@example.jp', createdAt: now, plans: [{ kind: 'normal', productId: 'lessons-4', completedAt: now }] });
    await seedMember(db(), { email: 'drip2@example.jp', createdAt: now, plans: [{ kind: 'normal', productId: 'lessons-4', completedAt: now }] });
    await seedMember(db(), { email: 'drip-no@example.jp', createdAt: now, eventMail: false, plans: [{ kind: 'normal', productId: 'lessons-4', completedAt: now }] });
    await seedMember(db(), { email: 'no-order@example.jp', createdAt: now });

    const uploaded = await upload(PDF, 'guide.v2.pdf');
    expect(uploaded.status).toBe(200);
    const { data: file } = await uploaded.json();
    expect(file.file).toMatch(/^step-mails\/[0-9a-f-]{36}\.pdf$/);
    const { data: step } = await (
      await admin.post('/api/v2/admin/step-mails', { title: 'レッスンのはじめ方', content: '<p>はじめましょう</p>', date: 2, time: '10:00', file: file.file, fileName: 'guide.v2.pdf' })
    ).json();
    expect(step).toMatchObject({ file: file.file, fileName: 'guide.v2.pdf' });

    await moveClock(`${addDays(today, 2)}T09:59:00+09:00`);
    expect(await db().select().from(mails).where(eq(mails.template, 'step-mail'))).toEqual([]);
    await moveClock(`${addDays(today, 2)}T10:00:30+09:00`);
    const sent = await db().select().from(mails).where(eq(mails.template, 'step-mail'));
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual(['drip1@example.jp', 'drip2@example.jp']);
    // Members receive the file under the name the admin chose, not its storage key (issue 27).
    expect(sent[0]!.attachments).toEqual([{ key: file.file, filename: 'guide.v2.pdf', contentType: 'application/pdf' }]);
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.text).toContain('はじめましょう');

    // A step added now for day 1 is already past for these members: nobody gets it.
    await admin.post('/api/v2/admin/step-mails', { title: '1日目', content: '<p>1</p>', date: 1, time: '10:00', file: '' });
    await moveClock(`${addDays(today, 5)}T12:00:00+09:00`);
    expect(await db().select().from(mails).where(eq(mails.template, 'step-mail'))).toHaveLength(2);

    const log = await (await admin.request(`/api/v2/admin/step-mails/${step.num}/deliveries`)).json();
    expect(log.data.rows.map((row: { memberEmail: string; status: string }) => `${row.memberEmail}:${row.status === 'skipped' ? 'skipped' : 'mailed'}`).sort()).toEqual([
      'drip-no@example.jp:skipped',
      'drip1@example.jp:mailed',
      'drip2@example.jp:mailed',
    ]);
    expect(await db().select().from(stepMailDeliveries)).toHaveLength(3);
    // Every row has its time (issue 27: the log showed none for mails kept in the outbox).
    for (const row of log.data.rows as { sentAt: string | null }[]) expect(row.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // A member who closes the account leaves no address in the log (issue 27).
    const [closing] = await db().select().from(accounts).where(eq(accounts.email, 'drip1@example.jp'));
    await anonymizeAccount(db(), closing!.id, app.ctx.clock.now(), 'x');
    const after = await (await admin.request(`/api/v2/admin/step-mails/${step.num}/deliveries`)).json();
    expect(after.data.rows.map((row: { memberEmail: string | null }) => row.memberEmail).sort()).toEqual(['drip-no@example.jp', 'drip2@example.jp', null]);
    expect((await db().select().from(stepMailDeliveries)).map((row) => row.email)).not.toContain('drip1@example.jp');
  });
});
