import type { SiteSettings } from '../../../../src/content/types.ts';
import { renderMail, type MailBlock, type MailContent } from './layout.ts';

/** An announcement forwarded by mail: its title, its body as written, and the way to My Page. */
export function announcementMail(settings: SiteSettings, input: { lastName: string; firstName: string; title: string; description: string; myPageUrl: string }): MailContent {
  const paragraphs: MailBlock[] = input.description
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ kind: 'p', text }));
  return renderMail(settings, {
    subject: input.title,
    greeting: `${input.lastName} ${input.firstName} 様`,
    blocks: [
      { kind: 'p', text: `${settings.serviceName}からのお知らせです。` },
      ...paragraphs,
      { kind: 'link', label: 'マイページでお知らせを見る', url: input.myPageUrl },
    ],
  });
}
