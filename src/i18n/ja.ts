/**
 * The message catalogue: every text a person reads in a snackbar, an alert or next to a field.
 * Where the specification gives the Japanese text it is used verbatim (see ja.test.ts).
 * Components and handlers never hold user-facing text of their own: they carry a key.
 */
export const messages = {
  // Events (green snackbar)
  login: 'ログインしました',
  logout: 'ログアウトしました',
  signupSucceeded: '会員登録が完了しました',
  resetLinkSent: 'パスワード再設定用のリンクを入力されたメールアドレスに送信しました。メールをご確認ください。',
  passwordResetSucceeded: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  changePasswordSucceeded: 'パスワードを変更しました',
  switchPlanSucceeded: 'プランが変更されました。',
  cancellationSucceeded: '解約手続きが完了しました。',
  accountCreated: 'アカウントの作成が完了しました',

  // Errors (red snackbar); the first six are the public site's error catalogue verbatim
  invalidCredentials: 'Emailかパスワードが間違っています',
  emailTaken: 'このEmailアドレスはもうすでに使われています',
  signupError: 'エラーのためSign Upできませんでした',
  sendMailFailed: 'メール発送に失敗しました。',
  changePasswordFailed: 'パスワード変更できませんでした',
  cardRegistrationError: 'カード情報の登録に失敗しました',
  switchPlanFailed: 'プラン変更に失敗しました。',
  cancellationFailed: '解約手続きに失敗しました。',
  alreadyCancelled: 'すでに解約手続きが完了しています。',
  selectDataToEdit: '編集するデータを選択してください',
  resetLinkInvalid: 'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度パスワード再設定をお申し込みください。',
  tooManyRequests: '短時間にリクエストが集中しました。しばらく時間をおいてから、もう一度お試しください。',
  unauthorized: 'ログインが必要です。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  crossSiteRequest: '不正なリクエストのため処理できませんでした。ページを再読み込みしてから、もう一度お試しください。',
  notFound: 'お探しのページまたはデータが見つかりませんでした。',
  badRequest: '入力内容に誤りがあります。ご確認ください。',
  internal: 'エラーが発生しました。時間をおいてから、もう一度お試しください。',
  networkError: '通信に失敗しました。接続をご確認のうえ、もう一度お試しください。',

  // Validation (next to a field)
  thisFieldIsRequired: '必須の項目です。',
  thisEmailFieldIsRequired: 'メールアドレスは必須の項目です。',
  invalidEmail: 'メールアドレスの形式が正しくありません。',
  invalidSupportEmail: '正しいメールアドレスを入力してください',
  confirmEmailMismatch: 'メールアドレスが一致しません。',
  passwordMinLength: '最低８文字必須',
  passwordMaxLength: 'パスワードは128文字以内で入力してください。',
  invalidPassword: 'パスワードは半角英数字のみで、英小文字を1文字以上含めてください（記号は使えません）。',
  commonPassword: 'このパスワードは推測されやすいため使えません。別のパスワードを入力してください。',
  invalidBirthday: '生年と生まれ月を選択してください。',
  tooLong: '入力が長すぎます。',
  invalidPostalCode: '郵便番号の形式が正しくありません（例：123-4567）。',
  invalidPhoneNumber: '電話番号の形式が正しくありません（例：1234-56-7890）。',
  invalidRomanizedName: '半角英字（ローマ字）で入力してください。',
} as const;

/** Labels of the site's own interface (navigation, footer, buttons); marketing copy lives in Sanity. */
export const labels = {
  'site.name': 'Musio English',
  'site.home': 'Musio English トップページ',
  'nav.label': 'メインメニュー',
  'nav.menu': 'メニュー',
  'nav.support': 'サポート',
  'nav.plan': '料金プラン',
  'nav.faq': 'よくある質問',
  'nav.blog': 'ブログ',
  'nav.news': 'お知らせ',
  'nav.login': 'ログイン',
  'nav.logout': 'ログアウト',
  'nav.newTab': '（新しいタブで開きます）',
  'footer.contact': 'お問い合わせ先',
  'footer.officeHours': '受付時間',
  'footer.replyTime': 'お問い合わせへの回答',
  'footer.legal': '規約・ポリシー',
  'support.fab': 'サポートに問い合わせる',
  'snackbar.close': '閉じる',
  'loading.processing': 'お支払いを処理しています。画面を閉じずにお待ちください。',
  'skip.toContent': '本文へスキップ',
  'legal.updatedAt': '最終更新日',
  'landing.pricesLink': '料金プランの詳細を見る',
  'unit.minutes': '分',
  'mailbox.title': '開発用メールボックス',
  'mailbox.note': '開発環境ではメールは送信されず、ここに保存されます（本番環境では表示されません）。',
  'mailbox.empty': 'まだメールはありません。',
  'mailbox.to': '宛先',
  'mailbox.subject': '件名',
  'mailbox.status': '状態',
  'mailbox.createdAt': '作成日時',
  'mailbox.back': '一覧へ戻る',
  'mailbox.textPart': 'テキスト版',
  'mailbox.htmlPart': 'HTML版',
  'notFound.title': 'ページが見つかりません',
  'notFound.body': 'お探しのページは移動または削除された可能性があります。URLをご確認ください。',
  'notFound.home': 'トップページへ戻る',
} as const;

export const ja = { ...messages, ...labels } as const;

export type MessageKey = keyof typeof messages;
export type LabelKey = keyof typeof labels;

/** The Japanese text for a message or label key. */
export function t(key: MessageKey | LabelKey): string {
  return ja[key];
}

/** Whether a string is a message key (for codes arriving from the API). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}
