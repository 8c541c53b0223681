import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, tokyoToday } from '../../../src/domain/billing/dates.ts';
import { MAX_ATTACHMENT_BYTES } from '../../../src/domain/mail/step-mails.ts';
import { adminBrowser } from '../../../tests/support/admin.ts';
import type { TestBrowser } from '../../../tests/support/browser.ts';
import { startFakeS3 } from '../../../tests/support/fake-s3.ts';
import { seedMember } from '../../../tests/support/mail-seed.ts';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { waitFor } from '../../../tests/support/wait.ts';
import { mails } from '../../db/schema/index.ts';
import { sweepUnclaimedUploads } from '../uploads/pending.ts';

/**
 * The S3 storage adapter (product decision 20) against an S3-compatible server (tests/support/fake-s3.ts,
 * which checks signatures and the presigned POST's policy as S3 does): the admin gets a presigned
 * POST, the browser uploads to the store itself, the store refuses an oversize file and a key
 * outside the prefix, the server checks the stored bytes, and the step mail goes out over SMTP
 * with the attachment read back from the store.
 */
const S3 = { bucket: 'musio-attachments', region: 'ap-northeast-1', accessKeyId: 'AKIAFAKES3TEST', secretAccessKey: 'fake-s3-secret-for-tests' };
const PREFIX = 'uploads/';
const s3 = await startFakeS3(S3);
const smtp = await startSmtpServer();
// The adapter takes its credentials from the SDK's default chain, as on a server with an IAM role.
vi.stubEnv('AWS_ACCESS_KEY_ID', S3.accessKeyId);
vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3.secretAccessKey);
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([s3.close(), smtp.close()]);
});

const app = useTestApp({
  jobs: true,
  env: { S3_BUCKET: S3.bucket, S3_REGION: S3.region, S3_ENDPOINT: s3.url, S3_PREFIX: PREFIX, SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@musio-english.example' },
});
let admin: TestBrowser;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Target {
  kind: string;
  url: string;
  fields: Record<string, string>;
  key: string;
}

async function uploadTarget(fileName: string): Promise<Target> {
  const response = await admin.post('/api/v2/admin/step-mails/uploads/target', { fileName });
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

/** What a browser does with the form: every field, then the file last. */
function postForm(target: Target, bytes: Uint8Array, fileName: string, override: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...target.fields, ...override })) form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName);
  return fetch(target.url, { method: 'POST', body: form });
}

beforeAll(async () => {
  admin = await adminBrowser(app);
});

describe('S3 storage adapter', () => {
  it('is the one in use when S3_BUCKET is set; puts, heads and gets signed objects under the prefix', async () => {
    const storage = app.ctx.storage;
    expect(storage.kind).toBe('s3');
    await storage.put('step-mails/adapter-check.pdf', PDF, 'application/pdf');
    expect(s3.objects.get(`${PREFIX}step-mails/adapter-check.pdf`)).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    expect(await storage.head('step-mails/adapter-check.pdf', 8)).toEqual({ start: PDF.subarray(0, 8), size: PDF.byteLength });
    expect(await storage.get('step-mails/adapter-check.pdf')).toEqual(PDF);
    expect(await storage.head('step-mails/missing.pdf')).toBeUndefined();
    // The store checks the signatures: an unsigned read is refused.
    expect((await fetch(`${s3.url}/${S3.bucket}/${PREFIX}step-mails/adapter-check.pdf`)).status).toBe(403);
  });
});

describe('step-mail attachment through S3', () => {
  it('uploads with the presigned POST, is refused oversize or outside the prefix, checks the bytes, and mails the file', { timeout: 60_000 }, async () => {
    const target = await uploadTarget('welcome.guide.pdf');
    expect(target).toMatchObject({ kind: 's3', url: `${s3.url}/${S3.bucket}` });
    expect(target.key).toMatch(/^step-mails\/[0-9a-f-]{36}\.pdf$/);
    expect(target.fields.key).toBe(`${PREFIX}${target.key}`);

    // The store itself enforces the policy the server signed.
    const tooBig = await postForm(await uploadTarget('big.pdf'), new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(0x25), 'big.pdf');
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    const elsewhere = await postForm(target, PDF, 'welcome.guide.pdf', { key: 'other/welcome.pdf' });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain('Policy Condition failed');
    const forged = await postForm(target, PDF, 'welcome.guide.pdf', { 'X-Amz-Signature': '0'.repeat(64) });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('SignatureDoesNotMatch');
    expect([...s3.objects.keys()].filter((key) => key.includes('welcome') || key.includes('big'))).toEqual([]);

    // A file that is not a PDF by its bytes, uploaded as one, is refused when the step is saved.
    const textTarget = await uploadTarget('notes.pdf');
    expect((await postForm(textTarget, new TextEncoder().encode('hello, not a pdf'), 'notes.pdf')).status).toBe(204);
    const refused = await admin.post('/api/v2/admin/step-mails', { title: 't', content: 'c', date: 0, time: '09:00', file: textTarget.key });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'fileTypeNotAllowed' });

    // The key's extension is the type the name claims (never .html or .exe), held to the bytes.
    const html = await admin.post('/api/v2/admin/step-mails/uploads/target', { fileName: 'welcome.html' });
    expect([html.status, (await html.json()).code]).toEqual([415, 'fileTypeNotAllowed']);
    const pngTarget = await uploadTarget('photo.PNG');
    expect(pngTarget.key).toMatch(/\.png$/);
    expect((await postForm(pngTarget, PDF, 'photo.PNG')).status).toBe(204);
    const mismatch = await admin.post('/api/v2/admin/step-mails', { title: 't', content: 'c', date: 0, time: '09:00', file: pngTarget.key });
    expect([mismatch.status, (await mismatch.json()).code]).toEqual([415, 'fileTypeNotAllowed']);

    const uploaded = await postForm(target, PDF, 'welcome.guide.pdf');
    expect(uploaded.status).toBe(204);
    expect(s3.objects.get(`${PREFIX}${target.key}`)?.bytes).toEqual(PDF);
    s3.requests.length = 0;
    const created = await admin.post('/api/v2/admin/step-mails', { title: 'レッスンのはじめ方', content: '<p>はじめましょう</p>', date: 2, time: '10:00', file: target.key, fileName: 'welcome.guide.pdf' });
    expect(created.status).toBe(200);
    expect((await created.json()).data).toMatchObject({ file: target.key });
    // The type was checked from the stored bytes: a HEAD for the size, a ranged GET for the start.
    expect(s3.requests).toEqual([
      { method: 'HEAD', key: `${PREFIX}${target.key}`, status: 200 },
      { method: 'GET', key: `${PREFIX}${target.key}`, range: 'bytes=0-15', status: 206 },
    ]);

    const now = app.ctx.clock.now();
    await seedMember(app.ctx.database.db, { email: 's3-drip@example.jp', createdAt: now, plans: [{ kind: 'normal', productId: 'lessons-4', completedAt: now }] });
    expect((await admin.post('/dev/clock', { to: `${addDays(tokyoToday(now), 2)}T10:00:30+09:00` })).status).toBe(200);
    const mail = await waitFor(async () => smtp.received.find((m) => JSON.stringify(m.to).includes('s3-drip@example.jp')), { what: 'the step mail over SMTP', timeoutMs: 30_000 });
    expect(mail.subject).toContain('レッスンのはじめ方');
    expect(mail.attachments).toHaveLength(1);
    // Over SMTP under the name the admin chose, not the storage key (issue 27).
    expect(mail.attachments[0]).toMatchObject({ filename: 'welcome.guide.pdf', contentType: 'application/pdf' });
    expect(new Uint8Array(mail.attachments[0]!.content)).toEqual(PDF);
    const [row] = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, 's3-drip@example.jp'));
    expect(row).toMatchObject({ template: 'step-mail', status: 'sent' });
  });

  it('deletes from the store a file uploaded for a step that was never saved, a day later', async () => {
    const target = await uploadTarget('draft.pdf');
    expect((await postForm(target, PDF, 'draft.pdf')).status).toBe(204);
    s3.requests.length = 0;
    // The hourly maintenance (purgeExpired) runs this sweep; called alone here.
    await sweepUnclaimedUploads(app.ctx, new Date(Date.now() + 25 * 60 * 60_000));
    expect(s3.requests).toContainEqual({ method: 'DELETE', key: `${PREFIX}${target.key}`, status: 204 });
    expect(s3.objects.has(`${PREFIX}${target.key}`)).toBe(false);
  });
});
