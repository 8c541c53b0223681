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

export type LandingSection =
  | (Keyed & { _type: 'bannerCarousel'; heading?: string; slides: (Keyed & { heading: string; body: string; ctaLabel: string; ctaHref: string })[] })
  | (Keyed & { _type: 'featurePoints'; heading: string; intro?: string; points: (Keyed & { title: string; body: string })[] })
  | (Keyed & { _type: 'lessonContents'; heading: string; intro?: string; items: (Keyed & { title: string; body: string; minutes?: number })[] })
  | (Keyed & { _type: 'parentVoices'; heading: string; voices: (Keyed & { quote: string; author: string })[] })
  | (Keyed & { _type: 'priceOverview'; heading: string; intro?: string; planOptionIds: string[]; note?: string })
  | (Keyed & { _type: 'functionList'; heading: string; functions: (Keyed & { title: string; body: string })[] })
  | (Keyed & { _type: 'mediaCoverage'; heading: string; items: (Keyed & { outlet: string; title: string; publishedAt: string; url?: string })[] })
  | (Keyed & { _type: 'faqSection'; heading: string; items: (Keyed & { question: string; answer: string })[] });

export interface LandingPage {
  title: string;
  seo: { title?: string; description?: string } | null;
  sections: LandingSection[];
}
