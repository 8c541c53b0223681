/** Messages of My Page (issue 11): snackbars and the API's codes for the member's own account. */
export const mypageMessages = {
  profileSaved: '会員情報を保存しました。',
  emailChangeSent: '新しいメールアドレスに確認のメールを送りました。メールのリンクを開くと変更が完了します。',
  emailChanged: 'メールアドレスを変更しました。',
  emailChangeLinkInvalid: 'このリンクは無効か、有効期限が切れています。マイページからもう一度お手続きください。',
  emailUnchanged: '現在と同じメールアドレスです。',
  wrongPassword: 'パスワードが正しくありません。',
  planStillActive: 'ご契約中のプランがあるため、退会できません。先にプランの解約をお済ませください（ご利用期間の終了後に退会できます）。',
  accountClosed: '退会の手続きが完了しました。ご利用ありがとうございました。',
} as const;
