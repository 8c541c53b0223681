/**
 * Names for what the queries of queries.ts return. Every shape comes from Sanity TypeGen
 * (sanity.types.ts, generated from the Studio's schema by `npm run typegen`): a field the schema
 * requires is non-optional here, and a renamed field breaks the build instead of a page.
 */
import type {
  CallToAction as CallToActionObject,
  CampaignPageQueryResult,
  ErrorPageQueryResult,
  FaqPageQueryResult,
  LandingPageQueryResult,
  LegalPagesQueryResult,
  NewsListQueryResult,
  NewsPostQueryResult,
  PlanPageQueryResult,
  PlanTablePageQueryResult,
  SeoDefaultsQueryResult,
  SiteSettingsQueryResult,
  SupportFormQueryResult,
  TimelinePageQueryResult,
} from './sanity.types.ts';

export type SiteSettings = NonNullable<SiteSettingsQueryResult>;
export type SeoDefaults = NonNullable<SeoDefaultsQueryResult>;
/** The support form's choices (siteSettings.supportCategories) and the hours shown beside it. */
export type SupportFormSettings = NonNullable<SupportFormQueryResult>;
export type SupportCategory = SupportFormSettings['categories'][number];

export type LandingPage = NonNullable<LandingPageQueryResult>;
export type LandingSection = LandingPage['sections'][number];

export type PlanPage = NonNullable<PlanPageQueryResult>;
export type PlanPageSection = PlanPage['sections'][number];
export type PlanCategory = PlanPage['category'];

/** The marketing blocks a landing or plan page may hold (besides the landing-only sections). */
export type MarketingBlock = Extract<
  LandingSection | PlanPageSection,
  {
    _type:
      | 'basicPlanBlock'
      | 'kidsPlanBlock'
      | 'familyPlanBlock'
      | 'adultPlansBlock'
      | 'esatjFeaturesBlock'
      | 'eventBanner'
      | 'optionalTextbookBlock';
  }
>;

/** The `seo` object every page carries; shareImage falls back to SeoDefaults. */
export type Seo = LandingPage['seo'];

export type CallToAction = Pick<CallToActionObject, 'label' | 'href'>;

export type LegalPage = LegalPagesQueryResult[number];
export type PlanTablePage = NonNullable<PlanTablePageQueryResult>;
export type CampaignPage = NonNullable<CampaignPageQueryResult>;

export type TimelinePage = NonNullable<TimelinePageQueryResult>;
/** "" is /timeline (stored as "default", which the query maps to ""); the others are /timeline/{slug}. */
export type TimelineSlug = Exclude<TimelinePage['slug'], 'default'>;

export type FaqPage = NonNullable<FaqPageQueryResult>;
export type FaqGroup = FaqPage['groups'][number];

export type NewsPostSummary = NewsListQueryResult[number];
export type NewsPost = NonNullable<NewsPostQueryResult>;
export type ErrorPage = NonNullable<ErrorPageQueryResult>;
