import type { SiteSettings } from '../../../../src/content/types.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailContent } from './layout.ts';

/** The sign-in lockout (product decision 36): why sign-in stopped, when it opens again, the way out now. */
export function accountLockMail(settings: SiteSettings, input: { lastName: string; firstName: string; resetUrl: string }): MailContent {
  return renderMail(settings, {
    subject: t('accountLock.subject'),
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('accountLock.intro', { service: settings.serviceName }) },
      { kind: 'p', text: t('accountLock.unlock') },
      { kind: 'link', label: t('accountLock.button'), url: input.resetUrl },
      { kind: 'p', text: t('accountLock.notYou') },
    ],
  });
}
