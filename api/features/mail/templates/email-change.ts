import type { SiteSettings } from '../../../../src/content/types.ts';
import { t, tf } from '../../../../src/i18n/ja.ts';
import { greeting, renderMail, type MailContent } from './layout.ts';

interface Member {
  lastName: string;
  firstName: string;
}

/** To the new address: the link that applies the change (valid 24 hours, once). */
export function emailChangeConfirmMail(settings: SiteSettings, input: Member & { link: string }): MailContent {
  return renderMail(settings, {
    subject: t('emailChangeMail.confirm.subject'),
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('emailChangeMail.confirm.intro', { service: settings.serviceName }) },
      { kind: 'p', text: t('emailChangeMail.confirm.howTo') },
      { kind: 'link', label: t('emailChangeMail.confirm.button'), url: input.link },
      { kind: 'p', text: t('emailChangeMail.confirm.notYou') },
    ],
  });
}

/** To the old address, at the request: someone asked to move the account elsewhere. */
export function emailChangeRequestedMail(settings: SiteSettings, input: Member & { newEmail: string }): MailContent {
  return renderMail(settings, {
    subject: t('emailChangeMail.requested.subject'),
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('emailChangeMail.requested.body', { email: input.newEmail }) },
      { kind: 'p', text: t('emailChangeMail.requested.notYou') },
    ],
  });
}

/** To the old address, once the change applied. */
export function emailChangedMail(settings: SiteSettings, input: Member & { newEmail: string }): MailContent {
  return renderMail(settings, {
    subject: t('emailChangeMail.changed.subject'),
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: tf('emailChangeMail.changed.body', { email: input.newEmail }) },
      { kind: 'p', text: t('emailChangeMail.changed.notYou') },
    ],
  });
}
