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
  'field.lastName': '姓',
  'field.firstName': '名',
  'field.email': 'メールアドレス',
  'field.password': 'パスワード',
  'field.passwordHint': '8文字以上の半角英数字（英小文字を1文字以上含む・記号は使えません）',
  'field.currentPassword': '現在のパスワード',
  'field.newPassword': '新しいパスワード',
  'field.birthday': '生年月',
  'field.birthYear': '生まれた年',
  'field.birthMonth': '生まれた月',
  'field.yearSuffix': '年',
  'field.monthSuffix': '月',
  'field.select': '選択してください',
  'field.required': '必須',
  'field.showPassword': 'パスワードを表示する',
  'signup.title': '会員登録',
  'signup.lead': 'まずは会員登録をお願いします。登録後にプランとお届け先を選んで、無料体験にお申し込みいただけます。',
  'signup.submit': '会員登録する',
  'signup.agreement': '「会員登録する」を押すと、利用規約とプライバシーポリシーに同意したものとみなされます。',
  'signup.terms': '利用規約',
  'signup.privacy': 'プライバシーポリシー',
  'signup.haveAccount': 'すでにアカウントをお持ちの方は',
  'signup.toLogin': 'ログインはこちら',
  'login.title': 'ログイン',
  'login.submit': 'ログイン',
  'login.forgot': 'パスワードをお忘れの方',
  'login.noAccount': 'アカウントをお持ちでない方は',
  'login.toSignup': '会員登録はこちら',
  'findPassword.title': 'パスワードの再設定',
  'findPassword.lead': 'ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。',
  'findPassword.submit': '再設定用のリンクを送る',
  'findPassword.back': 'ログイン画面に戻る',
  'resetPassword.title': '新しいパスワードの設定',
  'resetPassword.lead': '新しいパスワードを入力してください。設定すると、ほかの端末ではログアウトされます。',
  'resetPassword.submit': 'パスワードを設定する',
  'resetPassword.requestAgain': 'もう一度再設定を申し込む',
  'changePassword.title': 'パスワード変更',
  'changePassword.lead': '現在のパスワードと新しいパスワードを入力してください。変更すると、ほかの端末ではログアウトされます。',
  'changePassword.submit': '変更を保存する',
  'member.menu': 'マイページメニュー',
  'member.top': 'マイページ',
  'member.changePassword': 'パスワード変更',
  'member.menuHint': 'メニューから、ご利用になりたい項目を選んでください。',
  'member.userInfo': '会員情報',
  'member.email': 'Email',
  'member.name': '氏名',
  'member.plan': 'プラン',
  'member.nextPayment': '次回お支払日',
  'member.lessonAccount': 'レッスンアカウント番号',
  'common.loading': '読み込み中…',
  'common.none': '-',
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
