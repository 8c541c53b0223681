import { content } from './loader.ts';
import { landingPageQuery, legalPagesQuery, siteSettingsQuery } from './queries.ts';
import type { LandingPage, LegalPage, SiteSettings } from './types.ts';

/** Site settings are required: a build without them fails loudly instead of showing an empty footer. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const settings = await content().fetch<SiteSettings | null>(siteSettingsQuery);
  if (!settings) throw new Error('The siteSettings document is missing from the content source');
  return settings;
}

export async function getLandingPage(id: string): Promise<LandingPage> {
  const page = await content().fetch<LandingPage | null>(landingPageQuery, { id });
  if (!page) throw new Error(`The landing page "${id}" is missing from the content source`);
  return page;
}

export async function getLegalPages(): Promise<LegalPage[]> {
  return content().fetch<LegalPage[]>(legalPagesQuery);
}
