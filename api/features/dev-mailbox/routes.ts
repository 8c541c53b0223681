import type { H3 } from 'h3';
import * as v from 'valibot';
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { formatNumericDateTime } from '../../../src/domain/format-date.ts';
import { isCanonicalUuid, lookupIdParams } from '../../../src/domain/ids.ts';
import { t } from '../../../src/i18n/ja.ts';
import { escapeHtml } from '../../../src/lib/html.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { supportMailbox } from '../support/inbound-replies.ts';
import { findMail, listRecentMails, type MailRow } from '../mail/service.ts';

/**
 * /dev/mailbox: the outbox as a small web page, so mail can be read without an SMTP server.
 * Registered only outside production; there the path is an ordinary 404.
 */
const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// A mail's HTML is shown sandboxed: no scripts, no forms, nothing from outside.
const mailCsp = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

const style = `body{font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;margin:0;padding:24px;color:#1f2933;background:#f8fafb}
main{max-width:960px;margin:0 auto}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e4e7eb}
a{color:#0b6a5c}pre{white-space:pre-wrap;background:#fff;padding:16px;border:1px solid #e4e7eb}iframe{width:100%;height:640px;border:1px solid #e4e7eb;background:#fff}`;

function page(title: string, body: string): Response {
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': pageCsp, 'cache-control': 'no-store' } });
}


function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<&]+(?:&amp;[^\s<&]+)*/g, (url) => `<a href="${url}">${url}</a>`);
}

async function mailFrom(ctx: AppContext, id: string | undefined): Promise<MailRow> {
  if (!id || !isCanonicalUuid(id)) throw new AppError('notFound');
  const mail = await findMail(ctx.database.db, id);
  if (!mail) throw new AppError('notFound');
  return mail;
}

/** POST /dev/mailbox/{id}/reply: what the recipient writes back, and (to test refusals) as whom. */
const devReplySchema = v.object({
  text: v.pipe(v.string('thisFieldIsRequired'), v.nonEmpty('thisFieldIsRequired'), v.maxLength(10_000, 'tooLong')),
  from: v.optional(v.pipe(v.string('invalidEmail'), v.trim(), v.email('invalidEmail'))),
});

/**
 * The recipient's answer to an outbox mail as a raw RFC 822 message, the way their mail program
 * would send it: to the mail's Reply-To (else our mailbox), "Re: " and the subject, threaded by
 * In-Reply-To, and quoting the original below the answer.
 */
async function replyTo(ctx: AppContext, mail: MailRow, input: { text: string; from?: string | undefined }): Promise<Buffer> {
  const to = mail.headers?.['Reply-To'] ?? (await supportMailbox(ctx));
  const quoted = mail.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const composer = new MailComposer({
    from: input.from ?? mail.toAddress,
    to,
    subject: `Re: ${mail.subject}`,
    messageId: `<dev-reply-${randomUUID()}@dev.mailbox>`,
    ...(mail.providerMessageId ? { inReplyTo: mail.providerMessageId, references: mail.providerMessageId } : {}),
    text: `${input.text}\n\n${formatNumericDateTime(mail.createdAt)} ${mail.headers?.['Reply-To'] ?? ''} wrote:\n${quoted}\n`,
  });
  return composer.compile().build();
}

export function registerDevMailboxRoutes(app: H3, ctx: AppContext): void {
  // The offline default of the inbound-mail adapter (api-contract, development rows): the mail is
  // answered and the answer goes through the very path an IMAP-read mail takes.
  app.post('/dev/mailbox/:id/reply', async (event) => {
    const mail = await mailFrom(ctx, (await readParams(event, lookupIdParams)).id);
    const input = await readBody(event, devReplySchema);
    const result = await ctx.inbound.receive(await replyTo(ctx, mail, input));
    return { status: 'success', data: result };
  });

  app.get('/dev/mailbox', async () => {
    const mails = await listRecentMails(ctx.database.db);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escapeHtml(mail.toAddress)}</td><td><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a></td><td>${escapeHtml(mail.status)}</td><td>${formatNumericDateTime(mail.createdAt)}</td></tr>`,
      )
      .join('');
    const table = mails.length
      ? `<table><thead><tr><th>${t('mailbox.to')}</th><th>${t('mailbox.subject')}</th><th>${t('mailbox.status')}</th><th>${t('mailbox.createdAt')}</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>${t('mailbox.empty')}</p>`;
    return page(t('mailbox.title'), `<h1>${t('mailbox.title')}</h1><p>${t('mailbox.note')}</p>${table}`);
  });

  // The same outbox for programs and browser tests (api-contract, development rows): `headers` are
  // the extra ones (advertising mail's List-Unsubscribe), `attachments` the files' names.
  app.get('/dev/mailbox.json', async () => {
    const mails = await listRecentMails(ctx.database.db);
    return {
      status: 'success',
      data: mails.map((mail) => ({ id: mail.id, to: mail.toAddress, subject: mail.subject, status: mail.status, createdAt: mail.createdAt.toISOString(), text: mail.text, headers: mail.headers ?? {}, attachments: (mail.attachments ?? []).map((file) => file.filename) })),
    };
  });

  app.get('/dev/mailbox/:id', async (event) => {
    const mail = await mailFrom(ctx, (await readParams(event, lookupIdParams)).id);
    return page(
      mail.subject,
      `<p><a href="/dev/mailbox">${t('mailbox.back')}</a></p><h1>${escapeHtml(mail.subject)}</h1>
<p>${t('mailbox.to')}: ${escapeHtml(mail.toAddress)}<br>${t('mailbox.createdAt')}: ${formatNumericDateTime(mail.createdAt)}</p>
<h2>${t('mailbox.textPart')}</h2><pre>${linkify(mail.text)}</pre>
<h2>${t('mailbox.htmlPart')}</h2><iframe title="${t('mailbox.htmlPart')}" src="/dev/mailbox/${mail.id}/html" sandbox></iframe>`,
    );
  });

  app.get('/dev/mailbox/:id/html', async (event) => {
    const mail = await mailFrom(ctx, (await readParams(event, lookupIdParams)).id);
    return new Response(mail.html, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': mailCsp, 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'no-store' },
    });
  });
}
