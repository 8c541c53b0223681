import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ATTACHMENT_NAME_MAX, attachmentName, claimedAttachmentType, extensionOf, sniffAttachmentType, STEP_NUM_MAX, stepMailDeleteSchema, stepMailSchema, stepNumParams } from './step-mails.ts';

describe('step-mail attachments', () => {
  it.each([
    ['a PDF', [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'pdf'],
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    ['a GIF', [0x47, 0x49, 0x46, 0x38], undefined],
    ['an HTML page named .pdf', [0x3c, 0x68, 0x74, 0x6d, 0x6c], undefined],
    ['nothing', [], undefined],
  ])('%s is %s by its bytes', (_name, bytes, type) => {
    expect(sniffAttachmentType(new Uint8Array(bytes))).toBe(type);
  });

  it.each([
    ['guide.pdf', 'pdf'],
    ['guide.v2.PDF', 'v2.pdf'],
    ['C:\\files\\photo.jpeg', 'jpeg'],
    ['README', ''],
  ])('the extension of %s is %s (after the first dot)', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });

  it.each([
    ['guide.v2.pdf', 'guide.v2.pdf'],
    ['レッスンのはじめ方.pdf', 'レッスンのはじめ方.pdf'],
    ['C:\\files\\photo.jpeg', 'photo.jpeg'],
    ['../../etc/passwd', 'passwd'],
    ['  a\u0000b\r\n.pdf ', 'ab.pdf'],
    ['"quoted"<x>.pdf', 'quotedx.pdf'],
    ['..', ''],
    ['', ''],
    [null, ''],
    ['あ'.repeat(ATTACHMENT_NAME_MAX + 5), 'あ'.repeat(ATTACHMENT_NAME_MAX)],
  ])('an attachment chosen as %j reaches members as %j', (name, shown) => {
    expect(attachmentName(name)).toBe(shown);
  });
});

describe('the type a name claims (an S3 upload is named before its bytes are seen)', () => {
  it.each([
    ['guide.pdf', 'pdf'],
    ['welcome.guide.PDF', 'pdf'],
    ['photo.png', 'png'],
    ['photo.jpg', 'jpeg'],
    ['photo.JPEG', 'jpeg'],
    ['page.html', undefined],
    ['setup.exe', undefined],
    ['logo.svg', undefined],
    ['guide.pdf.html', undefined],
    ['README', undefined],
  ])('%s claims %s', (name, type) => {
    expect(claimedAttachmentType(name)).toBe(type);
  });
});

describe('step-mail fields', () => {
  const valid = { title: 'ようこそ', content: '<p>ようこそ</p>', date: 3, time: '09:30', file: '' };
  it.each([
    ['valid', valid, undefined],
    ['date as text', { ...valid, date: '7' }, undefined],
    ['a negative date', { ...valid, date: -1 }, 'invalidStepDate'],
    ['a fractional date', { ...valid, date: 1.5 }, 'invalidStepDate'],
    ['time 24:00', { ...valid, time: '24:00' }, 'invalidStepTime'],
    ['time 9:30', { ...valid, time: '9:30' }, 'invalidStepTime'],
    ['no title', { ...valid, title: ' ' }, 'thisFieldIsRequired'],
    ['a file outside step-mails/', { ...valid, file: '../etc/passwd' }, 'fileNotFound'],
  ])('%s', (_name, input, message) => {
    const result = v.safeParse(stepMailSchema, input);
    expect(result.success ? undefined : result.issues[0].message).toBe(message);
  });
});

describe('step numbers (a PostgreSQL integer)', () => {
  it.each([
    [1, true],
    ['1', true],
    [STEP_NUM_MAX, true],
    [String(STEP_NUM_MAX), true],
    [STEP_NUM_MAX + 1, false],
    [String(STEP_NUM_MAX + 1), false],
    [1e23, false],
    ['99999999999999999999999', false],
    [0, false],
    [-1, false],
    [1.5, false],
    ['1e3', false],
  ])('%s is accepted: %s', (num, accepted) => {
    expect(v.safeParse(stepMailDeleteSchema, { num }).success).toBe(accepted);
    expect(v.safeParse(stepNumParams, { num: String(num) }).success).toBe(accepted);
  });
});
