/** Mass mail, step mails and unsubscribing (issue 15). */
export const mailLabels = {
  'unsubscribe.title': 'メール配信の停止',
  'unsubscribe.explain': 'イベント・お得な情報のメールの配信を停止します。ご契約やお支払いに関するメールは引き続きお送りします。',
  'unsubscribe.button': '配信を停止する',
  'unsubscribe.done': 'メール配信を停止しました。今後、イベント・お得な情報のメールはお送りしません。マイページの会員情報からいつでも再開できます。',
  'unsubscribe.invalid': 'このリンクは無効です。マイページの会員情報から配信を停止できます。',
  'unsubscribe.home': 'トップページへ',
} as const;
