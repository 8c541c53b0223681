import type { SiteSettings } from '../../../../src/content/types.ts';
import { renderMail, type MailContent } from './layout.ts';

/** The password-reset mail: a single-use link valid for one hour. */
export function passwordResetMail(settings: SiteSettings, input: { lastName: string; firstName: string; link: string }): MailContent {
  return renderMail(settings, {
    subject: 'パスワード再設定のご案内',
    greeting: `${input.lastName} ${input.firstName} 様`,
    blocks: [
      { kind: 'p', text: `${settings.serviceName}をご利用いただき、ありがとうございます。\nパスワード再設定のお申し込みを受け付けました。` },
      { kind: 'p', text: '下のボタン（またはURL）から、1時間以内に新しいパスワードを設定してください。リンクは一度だけ使えます。' },
      { kind: 'link', label: '新しいパスワードを設定する', url: input.link },
      {
        kind: 'p',
        text: 'このメールにお心当たりがない場合は、お手数ですがこのメールを破棄してください。パスワードは変更されません。\nパスワードを再設定すると、ほかの端末ではログアウトされます。',
      },
    ],
  });
}
