import type { SiteSettings } from '../../../../src/content/types.ts';
import type { SupportInquiry } from '../../../../src/domain/support-schemas.ts';
import { renderMail, type MailContent } from './layout.ts';

/**
 * The support mails (product decision 18). Service mail (product decision 19): no unsubscribe link or header,
 * and they always go out.
 */
interface TicketInfo {
  number: string;
}

function inquiryLines(ticket: TicketInfo, inquiry: SupportInquiry, fileNames: string[] = []): string {
  return [
    `お問い合わせ番号：${ticket.number}`,
    `お名前：${inquiry.lastName} ${inquiry.firstName}`,
    `メールアドレス：${inquiry.email}`,
    `種類：${inquiry.category}`,
    `件名：${inquiry.title}`,
    ...(fileNames.length ? [`添付ファイル：${fileNames.join('、')}`] : []),
  ].join('\n');
}

/** To the support address: a new inquiry, with a link to answer it in the admin console. */
export function supportInquiryMail(settings: SiteSettings, input: { ticket: TicketInfo; inquiry: SupportInquiry; isMember: boolean; consoleUrl: string; fileNames?: string[] }): MailContent {
  return renderMail(settings, {
    subject: `新しいお問い合わせ ${input.ticket.number}（${input.inquiry.category}／${input.inquiry.title}）`,
    greeting: 'サポート担当者各位',
    blocks: [
      { kind: 'p', text: `お問い合わせフォームから新しいお問い合わせが届きました（${input.isMember ? 'ログイン中の会員から' : 'ログインしていない方から'}）。管理画面から回答してください。` },
      { kind: 'p', text: inquiryLines(input.ticket, input.inquiry, input.fileNames) },
      { kind: 'p', text: `お問い合わせ内容：\n${input.inquiry.contents}` },
      { kind: 'link', label: '管理画面で回答する', url: input.consoleUrl },
    ],
  });
}

/** To the sender: the inquiry arrived, what was sent, and when to expect an answer. */
export function supportReceiptMail(settings: SiteSettings, input: { ticket: TicketInfo; inquiry: SupportInquiry; fileNames?: string[] }): MailContent {
  const { inquiry } = input;
  return renderMail(settings, {
    subject: `お問い合わせを受け付けました（${input.ticket.number}）`,
    greeting: `${inquiry.lastName} ${inquiry.firstName} 様`,
    blocks: [
      { kind: 'p', text: `${settings.serviceName}にお問い合わせいただき、ありがとうございます。\n以下の内容でお問い合わせを受け付けました。` },
      { kind: 'p', text: `サポートの受付時間は${settings.officeHours}です。担当者より${settings.supportReplyTime}にご連絡いたします。` },
      { kind: 'p', text: inquiryLines(input.ticket, inquiry, input.fileNames) },
      { kind: 'p', text: `お問い合わせ内容：\n${inquiry.contents}` },
      {
        kind: 'p',
        text: 'このメールは受付の確認のため自動でお送りしています。内容を追加される場合は、このメールにそのまま返信してください（お問い合わせ番号を添えて、お問い合わせフォームからお送りいただくこともできます）。\nこのメールにお心当たりがない場合は、お手数ですが破棄してください。',
      },
    ],
  });
}

/** To the sender: a staff member's answer. */
export function supportReplyMail(settings: SiteSettings, input: { ticket: TicketInfo & { lastName: string; firstName: string; title: string }; body: string; formUrl: string }): MailContent {
  const { ticket } = input;
  return renderMail(settings, {
    subject: `お問い合わせへのご回答（${ticket.number}）`,
    greeting: `${ticket.lastName} ${ticket.firstName} 様`,
    blocks: [
      { kind: 'p', text: `${settings.serviceName}にお問い合わせいただき、ありがとうございます。\nお問い合わせ「${ticket.title}」（お問い合わせ番号：${ticket.number}）について、ご回答いたします。` },
      { kind: 'p', text: input.body },
      { kind: 'p', text: 'ご不明な点がございましたら、このメールにそのまま返信してください。お問い合わせ番号を添えて、お問い合わせフォームからお送りいただくこともできます。' },
      { kind: 'link', label: 'お問い合わせフォーム', url: input.formUrl },
    ],
  });
}
