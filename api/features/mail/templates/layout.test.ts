import { describe, expect, it } from 'vitest';
import { createContentLoader } from '../../../../src/content/loader.ts';
import { readSiteSettings } from '../site-settings.ts';
import { greeting, mailForEach, renderMail } from './layout.ts';

const settings = await readSiteSettings(createContentLoader());

/** A fan-out renders the layout once and puts each greeting in its place: the same mail as rendering each. */
describe('mailForEach', () => {
  it.each([
    ['山田', '花子'],
    [`O'Brien`, '<"&>'],
    ['$&', '$1'],
  ])('gives the same mail as renderMail for %s %s', (lastName, firstName) => {
    const layout = { subject: 'お知らせ', blocks: [{ kind: 'html' as const, html: '<p>本文</p>', text: '本文' }] };
    const mailFor = mailForEach(settings, layout);
    mailFor({ lastName: '先の', firstName: '読者' });
    expect(mailFor({ lastName, firstName })).toEqual(renderMail(settings, { ...layout, greeting: greeting({ lastName, firstName }) }));
  });
});

describe('the frame of every mail', () => {
  it('greets a member as 「姓 名 様」', () => {
    expect(greeting({ lastName: '山田', firstName: '花子' })).toBe('山田 花子 様');
  });

  it('puts the service name in the subject and the sender lines under the text', () => {
    const mail = renderMail(settings, { subject: 'お知らせ', greeting: '山田 花子 様', blocks: [{ kind: 'p', text: '本文' }] });
    expect(mail.subject).toBe(`【${settings.serviceName}】お知らせ`);
    expect(mail.text.split('\n').slice(-4)).toEqual([settings.companyName, `〒${settings.postalCode} ${settings.companyAddress}`, `TEL: ${settings.phone}（${settings.officeHours}）`, `Email: ${settings.email}`]);
  });
});
