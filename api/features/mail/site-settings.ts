import type { ContentLoader } from '../../../src/content/loader.ts';
import { siteSettingsQuery } from '../../../src/content/queries.ts';
import type { SiteSettings } from '../../../src/content/types.ts';

/**
 * Sanity's site settings as the API uses them: the sender's details of every mail, the issuer of
 * documents, the support address. The runtime builds one source (ctx.siteSettings) over the
 * configured content loader; it reads the settings at most every 5 minutes.
 */
export interface SiteSettingsSource {
  /** The settings, read again once the last read is older than 5 minutes. */
  get(now?: number): Promise<SiteSettings>;
}

const TTL_MS = 5 * 60_000;

/** Reads the settings once; throws when the content source has none. */
export async function readSiteSettings(loader: Pick<ContentLoader, 'fetch'>): Promise<SiteSettings> {
  const settings = await loader.fetch<SiteSettings | null>(siteSettingsQuery);
  if (!settings) throw new Error('siteSettings missing from the content source');
  return settings;
}

export function createSiteSettingsSource(loader: Pick<ContentLoader, 'fetch'>): SiteSettingsSource {
  let cached: { at: number; settings: Promise<SiteSettings> } | undefined;
  return {
    get(now = Date.now()) {
      if (!cached || now - cached.at > TTL_MS) {
        const read = { at: now, settings: readSiteSettings(loader) };
        // A failed read is not kept: the next mail tries again.
        read.settings.catch(() => {
          if (cached === read) cached = undefined;
        });
        cached = read;
      }
      return cached.settings;
    },
  };
}
