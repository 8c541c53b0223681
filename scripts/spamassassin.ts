/**
 * `npm run mail:spamassassin`: hands a delivered mass mail and each service mail to SpamAssassin
 * (Debian's `spamassassin`, offline rules: `-t -L`) and prints each score (product decision 34;
 * the README keeps the results). The mails are made the way the service makes them: a fresh
 * embedded database with the demo data (order confirmation), a password reset, a support inquiry
 * (the acknowledgement and the staff copy) and a mass mail to the members who accept it; each is
 * then built as the SMTP transport builds it (nodemailer, the same From and headers).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { loadConfig } from '../api/config.ts';
import { DEMO_ADMIN, DEMO_MEMBER } from '../api/db/demo-accounts.ts';
import { mails } from '../api/db/schema/index.ts';
import { processResetRequest } from '../api/features/auth/password-reset.ts';
import { createLogger } from '../api/lib/logger.ts';
import { createRuntime } from '../api/runtime.ts';
import { root } from './lib/run.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'musio-spamassassin-'));
const from = process.env.MAIL_FROM ?? 'no-reply@musio-english.example';
const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: '', SMTP_URL: '', PUBLIC_ORIGIN: 'https://musio-english.example' }, root);
const runtime = await createRuntime(config, createLogger({ level: 'error', json: true }), { migrate: true, seed: true, jobs: false, site: false });
try {
  const { ctx } = runtime;
  const call = async (pathname: string, body: unknown, token?: string) => {
    const response = await runtime.fetch(
      new Request(new URL(pathname, config.publicOrigin), { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }),
    );
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { token?: string };
  };
  await processResetRequest(ctx, DEMO_MEMBER.email);
  await call('/api/v2/support-mail', { lastName: '山田', firstName: '花子', email: DEMO_MEMBER.email, category: 'レッスンについて', title: '予約の変更', contents: '来週のレッスンの時間を変更したいです。' });
  const { token } = await call('/api/auth/signin', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, client_key: 'spamassassin' });
  await call('/api/v2/admin/mail', { selectList: 'all', mailTitle: '春の無料体験キャンペーンのお知らせ', mailHtml: '<p>いつもMusio Englishをご利用いただきありがとうございます。</p><p>4月30日まで、ご家族の方も7日間の無料体験をお申し込みいただけます。</p>' }, token);

  const outbox = await ctx.database.db.select().from(mails).orderBy(asc(mails.createdAt));
  const firstOfEach = [...new Map(outbox.map((mail) => [mail.template, mail])).values()].reverse();
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  console.log('| mail | template | SpamAssassin score |\n|---|---|---|');
  for (const mail of firstOfEach.reverse()) {
    const built = await builder.sendMail({ from: `Musio English <${from}>`, to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? {} });
    const result = spawnSync('spamassassin', ['-t', '-L'], { input: built.message as Buffer, maxBuffer: 16 * 1024 * 1024 });
    const output = result.stdout.toString();
    const score = /X-Spam-Status: \w+, score=(-?[\d.]+)/.exec(output)?.[1] ?? `error: ${result.stderr.toString().trim().split('\n')[0]}`;
    const rules = /tests=([^\n]*(?:\n\t[^\n]*)*)/.exec(output)?.[1]?.replace(/\s+/g, ' ').replace(/ autolearn.*$/, '') ?? '';
    console.log(`| ${mail.subject} | ${mail.template} | ${score} (${rules}) |`);
  }
} finally {
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
}
