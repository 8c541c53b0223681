import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { announcementIdParams, announcementSchema, canSendMail, emptyAnnouncementForm, enterMode, submitTarget, type AdminAnnouncement } from './announcements.ts';

const row: AdminAnnouncement = {
  id: 7,
  title: 'お知らせ',
  description: '本文',
  is_visible: true,
  need_send_mail: true,
  is_mail_sent: false,
  mail_sent_date: null,
  mail_recipients: null,
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
};

describe('the mail icon (spec §2): only rows needing mail and not yet sent', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('need %s, sent %s → %s', (need, sent, shown) => {
    expect(canSendMail({ need_send_mail: need, is_mail_sent: sent })).toBe(shown);
  });
});

describe('announcement modes (spec §4)', () => {
  it('new clears the form, id empty, mail choice enabled', () => {
    expect(enterMode('new', row)).toEqual({ mode: 'new', form: emptyAnnouncementForm, mailChoiceLocked: false });
  });

  it('edit without a selected row alerts selectDataToEdit', () => {
    expect(enterMode('edit', undefined)).toEqual({ error: 'selectDataToEdit' });
  });

  it('edit loads the row with yes/no as True/False', () => {
    expect(enterMode('edit', { ...row, is_visible: false })).toEqual({
      mode: 'edit',
      form: { id: '7', title: 'お知らせ', description: '本文', is_visible: 'False', need_send_mail: 'True' },
      mailChoiceLocked: false,
    });
  });

  it('edit locks the mail choice once the mail is sent', () => {
    expect(enterMode('edit', { ...row, is_mail_sent: true })).toMatchObject({ mailChoiceLocked: true });
  });

  it.each([
    ['', 'POST', '/v2/admin/announcements'],
    ['7', 'PUT', '/v2/admin/announcements/7'],
  ])('submit with id %j → %s %s', (id, method, path) => {
    expect(submitTarget({ id })).toEqual({ method, path });
  });
});

describe('announcementSchema (spec §5: title, body, visible and mail choices required)', () => {
  const valid = { title: ' 件名 ', description: '本文', is_visible: 'True', need_send_mail: false };

  it('trims and turns the choices into booleans', () => {
    expect(v.parse(announcementSchema, valid)).toEqual({ title: '件名', description: '本文', is_visible: true, need_send_mail: false });
  });

  it.each([
    ['title', { title: '' }, 'thisFieldIsRequired'],
    ['title', { title: 'a'.repeat(201) }, 'tooLong'],
    ['description', { description: '  ' }, 'thisFieldIsRequired'],
    ['is_visible', { is_visible: '' }, 'thisFieldIsRequired'],
    ['need_send_mail', { need_send_mail: 'true' }, 'thisFieldIsRequired'],
  ])('%s %j → %s', (path, change, message) => {
    const result = v.safeParse(announcementSchema, { ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toContainEqual([path, message]);
  });

  it.each([
    ['1', true],
    ['2147483647', true],
    ['0', false],
    ['2147483648', false],
    ['-1', false],
    ['1.5', false],
    ['abc', false],
  ])('id %s valid: %s', (id, ok) => {
    expect(v.safeParse(announcementIdParams, { id }).success).toBe(ok);
  });
});
