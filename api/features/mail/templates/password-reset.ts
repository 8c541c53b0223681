import type { SiteSettings } from '../../../../src/content/types.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailContent } from './layout.ts';

/** The password-reset mail: a single-use link valid for one hour. */
export function passwordResetMail(settings: SiteSettings, input: { lastName: string; firstName: string; link: string }): MailContent {
  return renderMail(settings, {
    subject: t('passwordResetMail.subject'),
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('passwordResetMail.intro', { service: settings.serviceName }) },
      { kind: 'p', text: t('passwordResetMail.howTo') },
      { kind: 'link', label: t('passwordResetMail.button'), url: input.link },
      { kind: 'p', text: t('passwordResetMail.notYou') },
    ],
  });
}
