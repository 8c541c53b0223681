import { describe, expect, it } from 'vitest';
import { fillCannedReply } from './desk.ts';

describe('fillCannedReply: the sender’s name in place of {{name}}', () => {
  const sender = { lastName: '山田', firstName: '花子' };
  it.each([
    ['{{name}} 様\nお問い合わせありがとうございます。', '山田 花子 様\nお問い合わせありがとうございます。'],
    ['{{ name }} 様、{{name}} 様', '山田 花子 様、山田 花子 様'],
    ['名前なしの定型文', '名前なしの定型文'],
    ['{{Name}} と {{email}} はそのまま', '{{Name}} と {{email}} はそのまま'],
  ])('%j → %j', (body, expected) => {
    expect(fillCannedReply(body, sender)).toBe(expected);
  });
});
