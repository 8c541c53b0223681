import { describe, expect, it } from 'vitest';
import { getMailSiteSettings } from '../site-settings.ts';
import { mailForEach, renderMail } from './layout.ts';

/** A fan-out renders the layout once and puts each greeting in its place: the same mail as rendering each. */
describe('mailForEach', () => {
  it.each(['山田 花子 様', `O'Brien <"&> 様`, '$& $1 様'])('gives the same mail as renderMail for %s', async (greeting) => {
    const settings = await getMailSiteSettings();
    const layout = { subject: 'お知らせ', blocks: [{ kind: 'html' as const, html: '<p>本文</p>', text: '本文' }] };
    const mailFor = mailForEach(settings, layout);
    mailFor('先の読者 様');
    expect(mailFor(greeting)).toEqual(renderMail(settings, { ...layout, greeting }));
  });
});
