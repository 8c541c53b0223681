import { content } from './loader.ts';
import { tokyoToday } from '../domain/billing/dates.ts';
import {
  campaignPageQuery,
  errorPageQuery,
  faqPageQuery,
  feedbackSurveyQuery,
  landingPageIdsQuery,
  landingPageQuery,
  legalPagesQuery,
  newsListQuery,
  newsPostQuery,
  newsSlugsQuery,
  planPageCategoriesQuery,
  planPageQuery,
  planTablePageQuery,
  seoDefaultsQuery,
  siteSettingsQuery,
  supportFormQuery,
  timelinePageQuery,
  timelineSlugsQuery,
} from './queries.ts';
import type {
  CampaignPageQueryResult,
  ErrorPageQueryResult,
  FaqPageQueryResult,
  FeedbackSurveyQueryResult,
  LandingPageIdsQueryResult,
  LandingPageQueryResult,
  LegalPagesQueryResult,
  NewsListQueryResult,
  NewsPostQueryResult,
  NewsSlugsQueryResult,
  PlanPageCategoriesQueryResult,
  PlanPageQueryResult,
  PlanTablePageQueryResult,
  SeoDefaultsQueryResult,
  SiteSettingsQueryResult,
  TimelinePageQueryResult,
  TimelineSlugsQueryResult,
} from './sanity.types.ts';
import type {
  CampaignPage,
  ErrorPage,
  FaqPage,
  LandingPage,
  LegalPage,
  NewsPost,
  NewsPostSummary,
  PlanCategory,
  PlanPage,
  PlanTablePage,
  SeoDefaults,
  SiteSettings,
  SupportFormSettings,
  TimelinePage,
  TimelineSlug,
} from './types.ts';

/** Site settings are required: a build without them fails loudly instead of showing an empty footer. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const settings = await content().fetch<SiteSettingsQueryResult>(siteSettingsQuery);
  if (!settings) throw new Error('The siteSettings document is missing from the content source');
  return settings;
}

/** The support form's choices; a build without any category fails (the form could not be sent). */
export async function getSupportFormSettings(): Promise<SupportFormSettings> {
  const settings = await content().fetch<SupportFormSettings | null>(supportFormQuery);
  if (!settings) throw new Error('The siteSettings document is missing from the content source');
  if (settings.categories.length === 0) throw new Error('siteSettings.supportCategories is empty: the support form needs at least one category');
  return settings;
}

/** The cancellation survey's address (product decision 17), only an https URL; undefined when none is set. */
export async function getFeedbackSurveyUrl(): Promise<string | undefined> {
  const settings = await content().fetch<FeedbackSurveyQueryResult>(feedbackSurveyQuery);
  const url = settings?.surveyUrl;
  return url && /^https:\/\//.test(url) ? url : undefined;
}

/** Site-wide SEO defaults (siteSettings.defaultSeo): the share image of pages without their own. */
export async function getSeoDefaults(): Promise<SeoDefaults> {
  const defaults = await content().fetch<SeoDefaultsQueryResult>(seoDefaultsQuery);
  if (!defaults) throw new Error('The siteSettings document is missing from the content source');
  return defaults;
}

/** id: landing-home (/), landing-kids (/kids), landing-adult (/adult), landing-musio-esatj (/musio_esatj). */
export async function getLandingPage(id: string): Promise<LandingPage> {
  const page = await content().fetch<LandingPageQueryResult>(landingPageQuery, { id });
  if (!page) throw new Error(`The landing page "${id}" is missing from the content source`);
  return page;
}

export async function getLandingPageIds(): Promise<string[]> {
  return content().fetch<LandingPageIdsQueryResult>(landingPageIdsQuery);
}

export async function getLegalPages(): Promise<LegalPage[]> {
  return content().fetch<LegalPagesQueryResult>(legalPagesQuery);
}

/** /plan/{category}. Product decision 10 (any other value shows otona) is the page's job, not this one's. */
export async function getPlanPage(category: PlanCategory): Promise<PlanPage> {
  const page = await content().fetch<PlanPageQueryResult>(planPageQuery, { category });
  if (!page) throw new Error(`The plan page for category "${category}" is missing from the content source`);
  return page;
}

export async function getPlanPageCategories(): Promise<PlanCategory[]> {
  return content().fetch<PlanPageCategoriesQueryResult>(planPageCategoriesQuery);
}

export async function getPlanTablePage(): Promise<PlanTablePage> {
  const page = await content().fetch<PlanTablePageQueryResult>(planTablePageQuery);
  if (!page) throw new Error('The planTablePage document is missing from the content source');
  return page;
}

export async function getCampaignPage(): Promise<CampaignPage> {
  const page = await content().fetch<CampaignPageQueryResult>(campaignPageQuery);
  if (!page) throw new Error('The campaignPage document is missing from the content source');
  return page;
}

/** slug: "" for /timeline, else kids, adult or musio_esatj. */
export async function getTimelinePage(slug: TimelineSlug): Promise<TimelinePage> {
  const page = await content().fetch<TimelinePageQueryResult>(timelinePageQuery, { slug });
  if (!page) throw new Error(`The timeline page "${slug || '(default)'}" is missing from the content source`);
  return page;
}

export async function getTimelineSlugs(): Promise<TimelineSlug[]> {
  const slugs = await content().fetch<TimelineSlugsQueryResult>(timelineSlugsQuery);
  // The query maps the stored "default" to "": the filter only tells the type system so.
  return slugs.filter((slug): slug is TimelineSlug => slug !== 'default');
}

/** /faq and /mypagere. */
export async function getFaqPage(): Promise<FaqPage> {
  const page = await content().fetch<FaqPageQueryResult>(faqPageQuery);
  if (!page) throw new Error('The faqPage document is missing from the content source');
  return page;
}

/** /news, newest first (may be empty). */
export async function getNewsPosts(): Promise<NewsPostSummary[]> {
  return content().fetch<NewsListQueryResult>(newsListQuery);
}

export async function getNewsPost(slug: string): Promise<NewsPost> {
  const post = await content().fetch<NewsPostQueryResult>(newsPostQuery, { slug });
  if (!post) throw new Error(`The news post "${slug}" is missing from the content source`);
  return post;
}

export async function getNewsSlugs(): Promise<string[]> {
  return content().fetch<NewsSlugsQueryResult>(newsSlugsQuery);
}

/** /error copy; null when the optional document does not exist (the page has its own fallback). */
export async function getErrorPage(): Promise<ErrorPage | null> {
  return content().fetch<ErrorPageQueryResult>(errorPageQuery);
}

/**
 * Drops event banners outside their display period (startsOn/endsOn, inclusive, YYYY-MM-DD in
 * Japan time). The site is static, so "today" is the build date.
 */
export function activeSections<T extends { _type: string }>(sections: T[], today: string = tokyoDate()): T[] {
  return sections.filter((section) => {
    if (section._type !== 'eventBanner') return true;
    const { startsOn, endsOn } = section as T & { startsOn?: string; endsOn?: string };
    return (!startsOn || startsOn <= today) && (!endsOn || today <= endsOn);
  });
}

/** Today's date in Japan (YYYY-MM-DD). */
export function tokyoDate(now: Date = new Date()): string {
  return tokyoToday(now);
}
