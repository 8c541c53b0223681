import { describe, expect, it } from 'vitest';
import { quoteCancellation } from '../../../src/domain/billing/cancellation.ts';
import { explainQuote } from './quote-text.ts';

describe('the cancellation quote in words', () => {
  it('states every figure with its calculation, dates and yen written out', () => {
    const quote = quoteCancellation({
      status: 'active',
      packageType: 'original',
      contractMonths: 12,
      trialEndsOn: '2026-01-10',
      period: { start: '2026-01-10', end: '2027-01-10' },
      paidForPeriod: 125_136,
      today: '2026-02-20',
    });
    const text = explainQuote(quote);
    // A refund ends the contract on the cancellation day (product decision 16, revised).
    expect(text).toContain('返金があるため、本日（2026年2月20日）で解約となり');
    expect(text).toContain('往復送料として2,600円（税込）');
    expect(text).toContain('2026年2月27日までに');
    expect(text).toContain('125,136円（税込） ÷ 12か月 × 残り10か月 × 70% = 72,996円（税込）');
    expect(text).toContain('86,024円（税込）を返金します');
    expect(text).not.toMatch(/\{\w+\}/);
  });
});
