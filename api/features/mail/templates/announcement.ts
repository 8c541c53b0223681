import type { SiteSettings } from '../../../../src/content/types.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailBlock, type MailContent } from './layout.ts';

/** An announcement forwarded by mail: its title, its body as written, and the way to My Page. */
export function announcementMail(settings: SiteSettings, input: { lastName: string; firstName: string; title: string; description: string; myPageUrl: string }): MailContent {
  const paragraphs: MailBlock[] = input.description
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ kind: 'p', text }));
  return renderMail(settings, {
    subject: input.title,
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('announcementMail.intro', { service: settings.serviceName }) },
      ...paragraphs,
      { kind: 'link', label: t('announcementMail.button'), url: input.myPageUrl },
    ],
  });
}
