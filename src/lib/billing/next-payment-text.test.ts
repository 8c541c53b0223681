import { describe, expect, it } from 'vitest';
import { nextPaymentText } from './next-payment-text.ts';

describe('the 次回お支払日 line', () => {
  it.each([
    [{ kind: 'date', on: '2027-03-08' }, '2027年3月8日'],
    [{ kind: 'awaitingShipment' }, '発送後に決まります（無料体験の開始待ち）'],
    [{ kind: 'newCard' }, 'カード情報の更新をお待ちしています（更新後すぐにお支払い）'],
    [{ kind: 'suspended' }, 'お支払いが確認できないため、レッスンを停止しています'],
    [{ kind: 'endsOn', on: '2027-04-08' }, 'ありません（2027年4月8日で終了）'],
    [{ kind: 'nothing' }, 'ありません'],
  ] as const)('%o → %s', (line, text) => {
    expect(nextPaymentText(line)).toBe(text);
  });
});
