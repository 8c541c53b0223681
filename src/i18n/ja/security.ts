/** Messages of the API's boundary checks (issue 9): what reaches a handler, and how often. */
export const securityMessages = {
  invalidCharacters: '使用できない文字が含まれています。入力内容をご確認ください。',
  requestTooLarge: '送信された内容が大きすぎます。',
  idempotencyKeyReused: '別のお申し込み内容で同じ手続きが送信されました。ページを再読み込みして、もう一度お申し込みください。',
  duplicateTextbook: '同じ教材が重複して選択されています。',
} as const;
