import { describe, expect, it } from 'vitest';
import { chargeKindCell, chargeStatusCell, dateTimeCell, memberStatusCell, refundReasonCell, refundStatusCell, yesNoCell } from './exports.ts';

describe('CSV export cells (product decision 33: what staff read in Excel)', () => {
  it.each([
    ['a plan state by its label', memberStatusCell('pastDue'), '支払い遅延（レッスン停止）'],
    ['no live plan', memberStatusCell('noPlan'), 'プランなし'],
    ['a charge kind as the billing history names it', chargeKindCell('period'), 'プラン料金'],
    ['a fee', chargeKindCell('fee'), '解約に伴う費用'],
    ['a charge waiting for 3-D Secure', chargeStatusCell('requiresAction'), '本人認証待ち'],
    ['a charge that went through', chargeStatusCell('succeeded'), '成功'],
    ['a cancelled charge', chargeStatusCell('canceled'), '取消'],
    ['a refund under way', refundStatusCell('pending'), '処理中'],
    ['a cooling-off refund', refundReasonCell('coolingOff'), 'クーリング・オフ'],
    ['a refund of a payment completed after the end', refundReasonCell('chargedAfterEnd'), '解約後に完了した支払いの返金'],
    ['a code the console does not know yet stays as it is', chargeStatusCell('disputed'), 'disputed'],
    ['no prototype key is taken for a label', refundReasonCell('toString'), 'toString'],
    ['a test account', yesNoCell(true), 'はい'],
    ['a real account', yesNoCell(false), 'いいえ'],
    ['an instant in Japan time', dateTimeCell(new Date('2026-02-10T03:04:05.678Z')), '2026/02/10 12:04:05'],
    ['past midnight in Japan is the next day', dateTimeCell(new Date('2026-12-31T15:00:00Z')), '2027/01/01 00:00:00'],
    ['no instant, an empty cell', dateTimeCell(null), ''],
  ])('%s', (_rule, cell, expected) => {
    expect(cell).toBe(expected);
  });
});
