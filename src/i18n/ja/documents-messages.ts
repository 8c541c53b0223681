/** Messages of receipts, refund notes and cooling-off (product decisions 25 and 30). */
export const documentsMessages = {
  addresseeRequired: '宛名を入力してください。',
  addresseeTooLong: '宛名は100文字以内で入力してください。',
  addresseeInvalid: '宛名に使えない文字（改行・制御文字・「<」「>」などの記号）が含まれています。',
  addresseeLocked: '領収書をダウンロードした後は宛名を変更できません。',
  addresseeSaved: '宛名を保存しました。',
  coolingOffNotAvailable: 'クーリング・オフの期間（契約書面の受け取りから8日間）を過ぎているため、クーリング・オフはできません。',
  electronicDeliveryConsentRequired: 'このプランのお申し込みには、書面を電子メールで受け取ることへの同意が必要です。',
} as const;
