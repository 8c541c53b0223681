import type { SiteSettings } from '../../../../src/content/types.ts';
import { renderMail, type MailContent } from './layout.ts';

interface Member {
  lastName: string;
  firstName: string;
}
const greeting = (member: Member) => `${member.lastName} ${member.firstName} 様`;

/** To the new address: the link that applies the change (valid 24 hours, once). */
export function emailChangeConfirmMail(settings: SiteSettings, input: Member & { link: string }): MailContent {
  return renderMail(settings, {
    subject: 'メールアドレス変更の確認',
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: `${settings.serviceName}のマイページで、ログイン用のメールアドレスをこのアドレスに変更するお申し込みがありました。` },
      { kind: 'p', text: '下のボタン（またはURL）を24時間以内に開くと、変更が完了します。リンクは一度だけ使えます。' },
      { kind: 'link', label: 'メールアドレスの変更を完了する', url: input.link },
      { kind: 'p', text: 'お心当たりがない場合は、このメールを破棄してください。メールアドレスは変更されません。' },
    ],
  });
}

/** To the old address, at the request: someone asked to move the account elsewhere. */
export function emailChangeRequestedMail(settings: SiteSettings, input: Member & { newEmail: string }): MailContent {
  return renderMail(settings, {
    subject: 'メールアドレス変更のお申し込みを受け付けました',
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: `ログイン用のメールアドレスを ${input.newEmail} に変更するお申し込みを受け付けました。新しいアドレスに届いたリンクを開くと変更が完了します。` },
      { kind: 'p', text: 'お心当たりがない場合は、パスワードを変更のうえ、サポートまでご連絡ください。' },
    ],
  });
}

/** To the old address, once the change applied. */
export function emailChangedMail(settings: SiteSettings, input: Member & { newEmail: string }): MailContent {
  return renderMail(settings, {
    subject: 'メールアドレスを変更しました',
    greeting: greeting(input),
    blocks: [
      { kind: 'p', text: `ログイン用のメールアドレスを ${input.newEmail} に変更しました。今後のお知らせは新しいアドレスにお送りします。` },
      { kind: 'p', text: 'お心当たりがない場合は、至急サポートまでご連絡ください。' },
    ],
  });
}
