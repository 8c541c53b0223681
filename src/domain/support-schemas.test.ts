import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ja } from '../i18n/ja.ts';
import { formatTicketNumber, MAX_CONTENTS, parseTicketNumber, supportFormSchema, ticketListQuerySchema, ticketReplySchema } from './support-schemas.ts';

const valid = { lastName: '山田', firstName: '花子', email: 'hanako@example.jp', category: 'お支払いについて', title: 'その他', contents: '質問です。' };

/** The first message of a field, or 'ok'. */
function outcome(values: Record<string, unknown>): string {
  const result = v.safeParse(supportFormSchema, values, { abortPipeEarly: true });
  return result.success ? 'ok' : result.issues[0]!.message;
}

describe('the support form (member spec §5: every field required; the email message)', () => {
  it.each([
    ['a complete form', {}, 'ok'],
    ['no last name', { lastName: '' }, 'thisFieldIsRequired'],
    ['a first name of spaces', { firstName: '　 ' }, 'thisFieldIsRequired'],
    ['a name of 51 characters', { lastName: 'あ'.repeat(51) }, 'tooLong'],
    ['no email', { email: '' }, 'thisFieldIsRequired'],
    ['an email without a dot in the domain', { email: 'hanako@example' }, 'invalidSupportEmail'],
    ['an email without an at sign', { email: 'hanako.example.jp' }, 'invalidSupportEmail'],
    ['an email with a space', { email: 'hana ko@example.jp' }, 'invalidSupportEmail'],
    ['an email with spaces around it', { email: ' hanako@example.jp ' }, 'ok'],
    ['no category', { category: '' }, 'thisFieldIsRequired'],
    ['no title', { title: '' }, 'thisFieldIsRequired'],
    ['no contents', { contents: '' }, 'thisFieldIsRequired'],
    ['contents of blank lines', { contents: '\n\r\n ' }, 'thisFieldIsRequired'],
    [`contents of ${MAX_CONTENTS} characters`, { contents: 'あ'.repeat(MAX_CONTENTS) }, 'ok'],
    [`contents of ${MAX_CONTENTS + 1} characters`, { contents: 'あ'.repeat(MAX_CONTENTS + 1) }, 'supportContentsTooLong'],
  ])('%s: %s', (_what, change, expected) => {
    expect(outcome({ ...valid, ...change })).toBe(expected);
  });

  it('keeps line breaks as \\n and drops NUL and surrounding space', () => {
    const output = v.parse(supportFormSchema, { ...valid, lastName: ' 山田\u0000 ', contents: '\r\n一行目\r\n二行目\r\n' });
    expect(output.lastName).toBe('山田');
    expect(output.contents).toBe('一行目\n二行目');
  });

  it('says the contents limit in its message', () => {
    expect(ja.supportContentsTooLong).toContain(String(MAX_CONTENTS));
    expect(ja.invalidSupportEmail).toBe('正しいメールアドレスを入力してください');
  });
});

describe('ticket numbers', () => {
  it.each([
    [1001, 'S-001001'],
    [42, 'S-000042'],
    [1234567, 'S-1234567'],
  ])('%i reads %s', (number, text) => {
    expect(formatTicketNumber(number)).toBe(text);
    expect(parseTicketNumber(text)).toBe(number);
  });

  it.each([
    ['s-001024', 1024],
    ['S1024', 1024],
    [' 1024 ', 1024],
    ['hanako@example.jp', null],
    ['S-', null],
    ['', null],
    ['12345678901', null],
  ])('what staff type: %j → %s', (text, number) => {
    expect(parseTicketNumber(text)).toBe(number);
  });
});

describe('inbox inputs', () => {
  it.each([
    [{}, { status: '', q: '', accountId: '', page: 1, assignee: '', sort: 'newest' }],
    [{ assignee: 'me', sort: 'waiting' }, { status: '', q: '', accountId: '', page: 1, assignee: 'me', sort: 'waiting' }],
    [{ status: 'pending', q: ' a@b ', page: '3' }, { status: 'pending', q: 'a@b', accountId: '', page: 3, assignee: '', sort: 'newest' }],
  ])('list query %j', (input, output) => {
    expect(v.parse(ticketListQuerySchema, input)).toEqual(output);
  });

  it.each([[{ status: 'closed' }], [{ page: '0' }], [{ page: '-1' }], [{ accountId: '123' }], [{ assignee: 'someone' }], [{ sort: 'oldest' }]])('refuses the list query %j', (input) => {
    expect(v.safeParse(ticketListQuerySchema, input).success).toBe(false);
  });

  it('a reply leaves the ticket pending unless told otherwise', () => {
    expect(v.parse(ticketReplySchema, { body: ' 回答 ' })).toEqual({ body: '回答', status: 'pending', attachments: [] });
    expect(v.parse(ticketReplySchema, { body: '回答', status: 'resolved' })).toEqual({ body: '回答', status: 'resolved', attachments: [] });
  });
});
