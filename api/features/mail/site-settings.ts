import { createContentLoader } from '../../../src/content/loader.ts';
import { siteSettingsQuery } from '../../../src/content/queries.ts';
import type { SiteSettings } from '../../../src/content/types.ts';

/** The sender's details for mail come from Sanity's site settings, read at most every 5 minutes. */
const TTL_MS = 5 * 60_000;
const loader = createContentLoader();
let cached: { at: number; settings: Promise<SiteSettings> } | undefined;

export function getMailSiteSettings(now = Date.now()): Promise<SiteSettings> {
  if (!cached || now - cached.at > TTL_MS) {
    const settings = loader.fetch<SiteSettings | null>(siteSettingsQuery).then((value) => {
      if (!value) throw new Error('siteSettings missing from the content source');
      return value;
    });
    // A failed read is not cached: the next mail tries again.
    settings.catch(() => {
      cached = undefined;
    });
    cached = { at: now, settings };
  }
  return cached.settings;
}
