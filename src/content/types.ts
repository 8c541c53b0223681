/** Shapes of what the GROQ queries in queries.ts return (see docs/content-model.md). */
export interface FooterLink {
  label: string;
  slug: string | null;
}

export interface SiteSettings {
  serviceName: string;
  companyName: string;
  postalCode: string;
  companyAddress: string;
  phone: string;
  email: string;
  officeHours: string;
  supportReplyTime: string;
  blogUrl: string;
  faqUrl: string;
  newsUrl: string;
  footerLinks: FooterLink[];
}

/** The support form's choices (siteSettings.supportCategories) and the hours shown beside it. */
export interface SupportFormSettings {
  officeHours: string;
  supportReplyTime: string;
  categories: SupportCategory[];
}

export interface SupportCategory {
  name: string;
  titles: string[];
}

export interface PortableTextSpan {
  _type: 'span';
  _key: string;
  text: string;
  marks?: string[];
}

export interface PortableTextBlock {
  _type: 'block';
  _key: string;
  style?: string;
  listItem?: 'bullet' | 'number';
  level?: number;
  markDefs?: { _key: string; _type: string; href?: string }[];
  children: PortableTextSpan[];
}

export interface LegalPage {
  title: string;
  slug: string;
  updatedAt: string | null;
  body: PortableTextBlock[];
}

interface Keyed {
  _key: string;
}

/** An image asset as projected by `asset->{ _id, url, metadata { dimensions } }`. */
export interface ImageAsset {
  _id: string;
  url: string;
  metadata: { dimensions: { width: number; height: number; aspectRatio: number } | null } | null;
}

/** An image field as projected by the queries (render it with images.ts: imageFor). */
export interface SanityImage {
  asset: ImageAsset | null;
  alt: string;
  caption?: string | null;
}

/** The `seo` object every page carries; shareImage falls back to SeoDefaults. */
export interface Seo {
  title: string;
  description: string;
  shareImage?: SanityImage;
}

export interface SeoDefaults {
  siteName: string;
  seo: Seo | null;
}

export interface CallToAction {
  label: string;
  href: string;
}

/** A catalogue option id such as ME_Plan_1 (see rules.ts: PLAN_OPTION_IDS). Never a price. */
export type PlanOptionIdRef = string;

export interface FaqItem extends Keyed {
  question: string;
  answer: string;
}

// --- Sections of landing-home and every landing page ------------------------------------------
export interface BannerSlide extends Keyed {
  heading: string;
  body: string;
  ctaLabel: string;
  ctaHref: string;
  image?: SanityImage;
}

export type CoreSection =
  | (Keyed & { _type: 'bannerCarousel'; heading?: string; slides: BannerSlide[] })
  | (Keyed & { _type: 'featurePoints'; heading: string; intro?: string; points: (Keyed & { title: string; body: string })[] })
  | (Keyed & { _type: 'lessonContents'; heading: string; intro?: string; items: (Keyed & { title: string; body: string; minutes?: number })[] })
  | (Keyed & { _type: 'parentVoices'; heading: string; voices: (Keyed & { quote: string; author: string })[] })
  | (Keyed & { _type: 'priceOverview'; heading: string; intro?: string; planOptionIds: PlanOptionIdRef[]; note?: string })
  | (Keyed & { _type: 'functionList'; heading: string; functions: (Keyed & { title: string; body: string })[] })
  | (Keyed & { _type: 'mediaCoverage'; heading: string; items: (Keyed & { outlet: string; title: string; publishedAt: string; url?: string })[] })
  | FaqSection;

export type FaqSection = Keyed & { _type: 'faqSection'; heading: string; items: FaqItem[] };

// --- Marketing blocks (landing and plan pages) ------------------------------------------------
interface PlanBlockFields extends Keyed {
  heading: string;
  lead: string;
  points: string[];
  image: SanityImage;
  planOptionIds: PlanOptionIdRef[];
  note?: string;
  cta?: CallToAction;
}

export interface AdultCourse extends Keyed {
  content: 'hawaii' | 'business';
  title: string;
  body: string;
  points: string[];
  image: SanityImage;
  planOptionIds: PlanOptionIdRef[];
}

export interface TextbookItem extends Keyed {
  name: string;
  description: string;
  image?: SanityImage;
}

export type MarketingBlock =
  | (PlanBlockFields & { _type: 'basicPlanBlock' })
  | (PlanBlockFields & { _type: 'kidsPlanBlock' })
  | (PlanBlockFields & { _type: 'familyPlanBlock' })
  | (Keyed & { _type: 'adultPlansBlock'; heading: string; lead: string; courses: AdultCourse[]; note?: string; cta?: CallToAction })
  | (Keyed & {
      _type: 'esatjFeaturesBlock';
      heading: string;
      lead: string;
      features: (Keyed & { title: string; body: string })[];
      image: SanityImage;
      planOptionIds: PlanOptionIdRef[];
      note?: string;
      cta?: CallToAction;
    })
  | (Keyed & {
      _type: 'eventBanner';
      heading: string;
      body: string;
      image: SanityImage;
      cta: CallToAction;
      /** YYYY-MM-DD; see activeSections() in site.ts. */
      startsOn?: string;
      endsOn?: string;
    })
  | (Keyed & { _type: 'optionalTextbookBlock'; heading: string; lead: string; books: TextbookItem[]; image?: SanityImage; note: string });

export type LandingSection = CoreSection | MarketingBlock;
export type PlanPageSection = MarketingBlock | FaqSection;

// --- Pages --------------------------------------------------------------------------------------
export interface LandingPage {
  title: string;
  seo: Seo | null;
  sections: LandingSection[];
}

export type PlanCategory = 'kodomo' | 'otona' | 'esatj';

export interface PlanPage {
  category: PlanCategory;
  heading: string;
  lead: string;
  sections: PlanPageSection[];
  seo: Seo | null;
}

export interface PlanTablePage {
  title: string;
  intro: string;
  images: SanityImage[];
  seo: Seo | null;
}

export interface CampaignProduct {
  name: string;
  piecesPerBox: number;
  /** Yen before tax (a number, never text); show rules.ts: taxIncluded(priceBeforeTax). */
  priceBeforeTax: number;
  limitPerHousehold: number;
}

export interface CampaignPage {
  heading: string;
  lead: string;
  image: SanityImage;
  body: PortableTextBlock[];
  product: CampaignProduct;
  /** https URL of the external application form (open in a new tab). */
  applyUrl: string;
  applyLabel: string;
  faq: FaqItem[];
  seo: Seo | null;
}

/** "" is /timeline; the others are /timeline/{slug}. */
export type TimelineSlug = '' | 'kids' | 'adult' | 'musio_esatj';

export interface TimelineStep extends Keyed {
  title: string;
  body: string;
  note: string | null;
}

export interface TimelinePage {
  slug: TimelineSlug;
  heading: string;
  lead: string;
  steps: TimelineStep[];
  cta: CallToAction | null;
  seo: Seo | null;
}

export type FaqAudience = 'common' | 'kids-adult' | 'esatj';

export interface FaqGroup extends Keyed {
  audience: FaqAudience;
  heading: string;
  items: FaqItem[];
}

export interface FaqPage {
  heading: string;
  lead: string | null;
  groups: FaqGroup[];
  seo: Seo | null;
}

export interface NewsPostSummary {
  title: string;
  slug: string;
  /** ISO date-time. */
  publishedAt: string;
  excerpt: string;
}

export interface NewsPost extends NewsPostSummary {
  body: PortableTextBlock[];
  seo: Seo | null;
}

export interface ErrorPage {
  heading: string;
  body: string;
  cta: CallToAction | null;
  seo: Seo | null;
}
