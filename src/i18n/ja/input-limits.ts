/** Messages of the input shape rules at the API's boundary (issue 23, src/domain/input-shape.ts). */
export const inputLimitMessages = {
  invalidUnicode: '正しく表示できない文字が含まれています。入力内容をご確認のうえ、もう一度お試しください。',
  inputTooComplex: '送信された内容の形式が正しくありません。ページを再読み込みして、もう一度お試しください。',
} as const;
