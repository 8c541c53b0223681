import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { auditQuerySchema, isAuditAction } from './audit.ts';
import { memberSearchSchema, nameSearchText } from './members.ts';
import { pageCount, pageRange } from './paging.ts';
import { formatRecoveryCode, isRecoveryCode, isTotpCode, normalizeOneTimeCode, oneTimeCodeSchema } from './two-factor.ts';

describe('paging', () => {
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
  ])('%i rows of %i a page → %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    [1, 20, 45, { from: 1, to: 20 }],
    [3, 20, 45, { from: 41, to: 45 }],
    [4, 20, 45, null],
    [1, 20, 0, null],
  ])('page %i of %i rows (total %i) → %j', (page, size, total, range) => {
    expect(pageRange(page, size, total)).toEqual(range);
  });
});

describe('member search', () => {
  it.each([
    ['山田 花子', '山田花子'],
    ['山田　花子', '山田花子'],
    [' yamada ', 'yamada'],
  ])('%j searches names as %j', (q, text) => {
    expect(nameSearchText(q)).toBe(text);
  });

  it('defaults to page 1, any status, no text', () => {
    expect(v.parse(memberSearchSchema, {})).toEqual({ q: '', status: '', page: 1 });
    expect(v.parse(memberSearchSchema, { q: ' 山田 ', status: 'noPlan', page: '3' })).toEqual({ q: '山田', status: 'noPlan', page: 3 });
  });
});

describe('audit log query', () => {
  it('knows its actions and accepts empty filters', () => {
    expect(isAuditAction('announcementMail')).toBe(true);
    expect(isAuditAction('dropTables')).toBe(false);
    expect(v.parse(auditQuerySchema, { action: '', from: '', to: '2026-04-30' })).toMatchObject({ page: 1, action: '', to: '2026-04-30' });
  });
});

describe('one-time codes (product decision 24)', () => {
  it.each([
    ['123 456', '123456', true, false],
    ['１２３４５６', '123456', true, false],
    ['ABCDE-FGHIJ', 'abcdefghij', false, true],
    ['abcde fghi2', 'abcdefghi2', false, true],
    ['12345', '12345', false, false],
    ['abcde-fghi1', 'abcdefghi1', false, false],
  ])('%j → %j (totp %s, recovery %s)', (input, normalized, totp, recovery) => {
    const code = normalizeOneTimeCode(input);
    expect(code).toBe(normalized);
    expect(isTotpCode(code)).toBe(totp);
    expect(isRecoveryCode(code)).toBe(recovery);
    expect(v.safeParse(oneTimeCodeSchema, input).success).toBe(totp || recovery);
  });

  it('shows recovery codes as xxxxx-xxxxx', () => {
    expect(formatRecoveryCode('abcdefghij')).toBe('abcde-fghij');
  });
});
