import type { SiteSettings } from '../../../../src/content/types.ts';
import type { SupportInquiry } from '../../../../src/domain/support-schemas.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailContent } from './layout.ts';

/**
 * The support mails (product decision 18). Service mail (product decision 19): no unsubscribe link or header,
 * and they always go out.
 */
interface TicketInfo {
  number: string;
}

function inquiryLines(ticket: TicketInfo, inquiry: SupportInquiry, fileNames: string[] = []): string {
  return [
    tf('supportMail.line.number', { number: ticket.number }),
    tf('supportMail.line.name', { lastName: inquiry.lastName, firstName: inquiry.firstName }),
    tf('supportMail.line.email', { email: inquiry.email }),
    tf('supportMail.line.category', { category: inquiry.category }),
    tf('supportMail.line.title', { title: inquiry.title }),
    ...(fileNames.length ? [tf('supportMail.line.files', { files: fileNames.join(t('supportMail.fileSeparator')) })] : []),
  ].join('\n');
}

const contentsOf = (inquiry: SupportInquiry) => tf('supportMail.contents', { contents: inquiry.contents });

/** To the support address: a new inquiry, with a link to answer it in the admin console. */
export function supportInquiryMail(settings: SiteSettings, input: { ticket: TicketInfo; inquiry: SupportInquiry; isMember: boolean; consoleUrl: string; fileNames?: string[] }): MailContent {
  return renderMail(settings, {
    subject: tf('supportMail.inquiry.subject', { number: input.ticket.number, category: input.inquiry.category, title: input.inquiry.title }),
    greeting: t('supportMail.inquiry.greeting'),
    blocks: [
      { kind: 'p', text: tf('supportMail.inquiry.intro', { from: t(input.isMember ? 'supportMail.inquiry.fromMember' : 'supportMail.inquiry.fromGuest') }) },
      { kind: 'p', text: inquiryLines(input.ticket, input.inquiry, input.fileNames) },
      { kind: 'p', text: contentsOf(input.inquiry) },
      { kind: 'link', label: t('supportMail.inquiry.button'), url: input.consoleUrl },
    ],
  });
}

/** To the sender: the inquiry arrived, what was sent, and when to expect an answer. */
export function supportReceiptMail(settings: SiteSettings, input: { ticket: TicketInfo; inquiry: SupportInquiry; fileNames?: string[] }): MailContent {
  const { inquiry } = input;
  return renderMail(settings, {
    subject: tf('supportMail.receipt.subject', { number: input.ticket.number }),
    greeting: greeting(inquiry),
    blocks: [
      { kind: 'p', text: tf('supportMail.receipt.intro', { service: settings.serviceName }) },
      { kind: 'p', text: tf('supportMail.receipt.hours', { officeHours: settings.officeHours, replyTime: settings.supportReplyTime }) },
      { kind: 'p', text: inquiryLines(input.ticket, inquiry, input.fileNames) },
      { kind: 'p', text: contentsOf(inquiry) },
      { kind: 'p', text: t('supportMail.receipt.note') },
    ],
  });
}

/** To the sender: a staff member's answer. */
export function supportReplyMail(settings: SiteSettings, input: { ticket: TicketInfo & { lastName: string; firstName: string; title: string }; body: string; formUrl: string }): MailContent {
  const { ticket } = input;
  return renderMail(settings, {
    subject: tf('supportMail.reply.subject', { number: ticket.number }),
    greeting: greeting(ticket),
    blocks: [
      { kind: 'p', text: tf('supportMail.reply.intro', { service: settings.serviceName, title: ticket.title, number: ticket.number }) },
      { kind: 'p', text: input.body },
      { kind: 'p', text: t('supportMail.reply.note') },
      { kind: 'link', label: t('supportMail.reply.button'), url: input.formUrl },
    ],
  });
}
