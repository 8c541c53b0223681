/**
 * Runs every query of queries.ts against the seed dataset (studio/seed/production.ndjson), the
 * way a build without SANITY_PROJECT_ID does, and checks what the pages rely on:
 * - required fields are present and non-empty;
 * - every image has an existing asset with width/height, alt text, and a file the site serves;
 * - every plan option id exists in the catalogue's id list (rules.ts: PLAN_OPTION_IDS);
 * - no copy writes an amount (rules.ts: hasPriceText), except the legal pages, which are exempt,
 *   and the two fixed fees written exactly "2,600円（税込）" / "11,583円（税込）".
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRenderableImage } from './images.ts';
import { createContentLoader, readSeedDataset } from './loader.ts';
import * as queries from './queries.ts';
import { KNOWN_FEE_TEXTS, PLAN_OPTION_IDS, hasPriceText, taxIncluded } from './rules.ts';
import { activeSections, tokyoDate } from './site.ts';
import type {
  CampaignPage,
  ErrorPage,
  FaqPage,
  LandingPage,
  LegalPage,
  NewsPost,
  NewsPostSummary,
  PlanPage,
  PlanTablePage,
  SeoDefaults,
  SiteSettings,
  SupportFormSettings,
  TimelinePage,
} from './types.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const loader = createContentLoader({ env: {}, root });
const imagesDir = path.join(root, 'studio', 'seed', 'images');

type QueryName = keyof typeof queries;
type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    (isObject(value) && Object.keys(value).length === 0)
  );
}

/** Asserts the named fields are present and non-empty (dotted paths allowed). */
function expectFields(where: string, obj: unknown, fields: string[]): void {
  for (const field of fields) {
    const value = field.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), obj);
    expect(isEmpty(value), `${where}: "${field}" is missing or empty`).toBe(false);
  }
}

/** Required fields of section/block/item types (mirror of the schema's required rules). */
const REQUIRED: Record<string, string[]> = {
  bannerCarousel: ['slides'],
  bannerSlide: ['heading', 'body', 'ctaLabel', 'ctaHref'],
  featurePoints: ['heading', 'points'],
  featurePoint: ['title', 'body'],
  lessonContents: ['heading', 'items'],
  lessonItem: ['title', 'body'],
  parentVoices: ['heading', 'voices'],
  parentVoice: ['quote', 'author'],
  priceOverview: ['heading', 'planOptionIds'],
  functionList: ['heading', 'functions'],
  functionItem: ['title', 'body'],
  mediaCoverage: ['heading', 'items'],
  mediaItem: ['outlet', 'title', 'publishedAt'],
  faqSection: ['heading', 'items'],
  faqItem: ['question', 'answer'],
  basicPlanBlock: ['heading', 'lead', 'points', 'image', 'planOptionIds'],
  kidsPlanBlock: ['heading', 'lead', 'points', 'image', 'planOptionIds'],
  familyPlanBlock: ['heading', 'lead', 'points', 'image', 'planOptionIds'],
  adultPlansBlock: ['heading', 'lead', 'courses'],
  adultCourse: ['content', 'title', 'body', 'points', 'image', 'planOptionIds'],
  esatjFeaturesBlock: ['heading', 'lead', 'features', 'image', 'planOptionIds'],
  eventBanner: ['heading', 'body', 'image', 'cta.label', 'cta.href'],
  optionalTextbookBlock: ['heading', 'lead', 'books', 'note'],
  textbookItem: ['name', 'description'],
  callToAction: ['label', 'href'],
};

/** Calls fn for every object inside value, with its path. */
function walk(value: unknown, where: string, fn: (obj: Obj, at: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}[${i}]`, fn));
  else if (isObject(value)) {
    fn(value, where);
    for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, fn);
  }
}

/** Every typed object inside a result has its required fields. */
function expectTypedObjects(where: string, result: unknown): void {
  walk(result, where, (obj, at) => {
    const required = typeof obj._type === 'string' ? REQUIRED[obj._type] : undefined;
    if (required) expectFields(`${at} (${String(obj._type)})`, obj, required);
  });
}

/** Copy strings: everything but system keys, links and slugs (which are not copy). */
function copyStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => copyStrings(v, out));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('_') || ['url', 'href', 'ctaHref', 'applyUrl', 'blogUrl', 'faqUrl', 'newsUrl', 'slug', 'markDefs', 'asset'].includes(k)) continue;
      copyStrings(v, out);
    }
  }
  return out;
}

const seedAssets = new Map<string, Obj>();
for (const doc of await readSeedDataset(path.join(root, 'studio', 'seed', 'production.ndjson'))) {
  if (doc._type === 'sanity.imageAsset') seedAssets.set(doc._id, doc);
}

let imagesChecked = 0;
/** Images, plan option ids and price text of one query result. */
function expectContentRules(where: string, result: unknown, { legal = false } = {}): void {
  walk(result, where, (obj, at) => {
    // A projected image: { asset: {_id, url, metadata{dimensions}} | null, alt, caption }
    if ('asset' in obj && 'alt' in obj) {
      imagesChecked += 1;
      const asset = obj.asset as { _id?: string; url?: string; metadata?: { dimensions?: { width?: number; height?: number } } } | null;
      expect(asset, `${at}: image without asset`).not.toBeNull();
      expect(seedAssets.has(asset?._id ?? ''), `${at}: asset ${asset?._id} is not in the seed`).toBe(true);
      expect(asset?.metadata?.dimensions?.width, `${at}: asset width`).toBeGreaterThan(0);
      expect(asset?.metadata?.dimensions?.height, `${at}: asset height`).toBeGreaterThan(0);
      expect(typeof obj.alt === 'string' && obj.alt.trim() !== '', `${at}: image without alt text`).toBe(true);
      const rendered = toRenderableImage(obj as never, 'seed');
      expect(rendered?.src, `${at}: seed src`).toMatch(/^\/cms\/images\/[0-9a-f]{40}-\d+x\d+\.svg$/);
      expect(existsSync(path.join(imagesDir, rendered!.src.slice('/cms/images/'.length))), `${at}: ${rendered?.src} is not in studio/seed/images`).toBe(true);
    }
    if ('planOptionIds' in obj) {
      const ids = obj.planOptionIds;
      expect(Array.isArray(ids) && ids.length > 0, `${at}: planOptionIds must be a non-empty array`).toBe(true);
      for (const id of ids as string[]) expect(PLAN_OPTION_IDS, `${at}: unknown plan option id ${id}`).toContain(id);
    }
  });
  if (!legal) {
    for (const text of copyStrings(result)) expect(hasPriceText(text), `${where}: price written as text in "${text}"`).toBe(false);
  }
}

const seoFields = ['seo.title', 'seo.description'];

/** How each query is run and checked; every export of queries.ts must be listed here. */
const CHECKS: Record<QueryName, () => Promise<void>> = {
  supportFormQuery: async () => {
    const settings = await loader.fetch<SupportFormSettings>(queries.supportFormQuery);
    expectFields('supportForm', settings, ['officeHours', 'supportReplyTime', 'categories']);
    for (const category of settings.categories) {
      expectFields(`supportForm.categories[${category.name}]`, category, ['name', 'titles']);
      expect(new Set(category.titles).size, `${category.name}: duplicate titles`).toBe(category.titles.length);
    }
    expect(new Set(settings.categories.map((c) => c.name)).size).toBe(settings.categories.length);
    for (const text of copyStrings(settings)) expect(hasPriceText(text), `supportForm: price written as text in "${text}"`).toBe(false);
  },
  siteSettingsQuery: async () => {
    const settings = await loader.fetch<SiteSettings>(queries.siteSettingsQuery);
    expectFields('siteSettings', settings, ['serviceName', 'companyName', 'postalCode', 'companyAddress', 'phone', 'email', 'officeHours', 'supportReplyTime', 'blogUrl', 'faqUrl', 'newsUrl', 'footerLinks']);
    expect(settings.footerLinks.map((l) => l.slug)).toEqual(['terms', 'tokushoho', 'privacy']);
    expect(settings.officeHours).toContain('11:00〜19:00');
    expectContentRules('siteSettings', settings);
  },
  seoDefaultsQuery: async () => {
    const defaults = await loader.fetch<SeoDefaults>(queries.seoDefaultsQuery);
    expectFields('seoDefaults', defaults, ['siteName', ...seoFields, 'seo.shareImage']);
    expectContentRules('seoDefaults', defaults);
  },
  landingPageIdsQuery: async () => {
    expect(await loader.fetch<string[]>(queries.landingPageIdsQuery)).toEqual(['landing-adult', 'landing-home', 'landing-kids', 'landing-musio-esatj']);
  },
  landingPageQuery: async () => {
    for (const id of await loader.fetch<string[]>(queries.landingPageIdsQuery)) {
      const page = await loader.fetch<LandingPage | null>(queries.landingPageQuery, { id });
      expectFields(id, page, ['title', ...seoFields, 'sections']);
      expect(page!.sections[0]?._type, `${id}: first section`).toBe('bannerCarousel');
      for (const type of ['bannerCarousel', 'featurePoints', 'lessonContents', 'parentVoices', 'priceOverview', 'functionList', 'mediaCoverage', 'faqSection']) {
        expect(page!.sections.map((s) => s._type), `${id}: section types`).toContain(type);
      }
      expectTypedObjects(id, page);
      expectContentRules(id, page);
    }
  },
  legalPagesQuery: async () => {
    const pages = await loader.fetch<LegalPage[]>(queries.legalPagesQuery);
    expect(pages.map((p) => p.slug)).toEqual(['privacy', 'terms', 'tokushoho']);
    for (const page of pages) expectFields(page.slug, page, ['title', 'slug', 'updatedAt', 'body']);
    expectContentRules('legalPages', pages, { legal: true });
  },
  planPageCategoriesQuery: async () => {
    expect(await loader.fetch<string[]>(queries.planPageCategoriesQuery)).toEqual(['esatj', 'kodomo', 'otona']);
  },
  planPageQuery: async () => {
    for (const category of await loader.fetch<string[]>(queries.planPageCategoriesQuery)) {
      const page = await loader.fetch<PlanPage | null>(queries.planPageQuery, { category });
      expectFields(`plan/${category}`, page, ['category', 'heading', 'lead', 'sections', ...seoFields]);
      expect(page!.category).toBe(category);
      expectTypedObjects(`plan/${category}`, page);
      expectContentRules(`plan/${category}`, page);
    }
    expect(await loader.fetch(queries.planPageQuery, { category: 'unknown' })).toBeNull();
  },
  planTablePageQuery: async () => {
    const page = await loader.fetch<PlanTablePage | null>(queries.planTablePageQuery);
    expectFields('planTablePage', page, ['title', 'intro', 'images', ...seoFields]);
    expect(page!.images.length).toBeGreaterThanOrEqual(1);
    expect(page!.images.length).toBeLessThanOrEqual(4);
    expectContentRules('planTablePage', page);
  },
  campaignPageQuery: async () => {
    const page = await loader.fetch<CampaignPage | null>(queries.campaignPageQuery);
    expectFields('campaignPage', page, ['heading', 'lead', 'image', 'body', 'product.name', 'applyUrl', 'applyLabel', 'faq', ...seoFields]);
    expect(page!.product).toMatchObject({ piecesPerBox: 50, priceBeforeTax: 1500, limitPerHousehold: 1 });
    expect(taxIncluded(page!.product.priceBeforeTax)).toBe(1650);
    expect(page!.applyUrl).toMatch(/^https:\/\/\S+$/);
    for (const item of page!.faq) expectFields('campaignPage.faq', item, ['question', 'answer']);
    expectContentRules('campaignPage', page);
  },
  timelineSlugsQuery: async () => {
    expect(await loader.fetch<string[]>(queries.timelineSlugsQuery)).toEqual(['', 'adult', 'kids', 'musio_esatj']);
  },
  timelinePageQuery: async () => {
    for (const slug of await loader.fetch<string[]>(queries.timelineSlugsQuery)) {
      const where = `timeline/${slug}`;
      const page = await loader.fetch<TimelinePage | null>(queries.timelinePageQuery, { slug });
      expectFields(where, page, ['heading', 'lead', 'steps', ...seoFields]);
      expect(page!.slug).toBe(slug);
      expect(page!.steps.length, `${where}: steps`).toBeGreaterThanOrEqual(3);
      for (const step of page!.steps) expectFields(where, step, ['title', 'body']);
      expectContentRules(where, page);
    }
    expect(await loader.fetch(queries.timelinePageQuery, { slug: 'unknown' })).toBeNull();
  },
  faqPageQuery: async () => {
    const page = await loader.fetch<FaqPage | null>(queries.faqPageQuery);
    expectFields('faqPage', page, ['heading', 'groups', ...seoFields]);
    expect(page!.groups.map((g) => g.audience)).toEqual(['common', 'kids-adult', 'esatj']);
    for (const group of page!.groups) {
      expectFields(`faqPage.${group.audience}`, group, ['heading', 'items']);
      for (const item of group.items) expectFields(`faqPage.${group.audience}`, item, ['_key', 'question', 'answer']);
    }
    expect(page!.groups.flatMap((g) => g.items).length).toBeGreaterThanOrEqual(10);
    expectContentRules('faqPage', page);
  },
  newsListQuery: async () => {
    const posts = await loader.fetch<NewsPostSummary[]>(queries.newsListQuery);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts) expectFields(`news/${post.slug}`, post, ['title', 'slug', 'publishedAt', 'excerpt']);
    const dates = posts.map((p) => Date.parse(p.publishedAt));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expectContentRules('newsList', posts);
  },
  newsSlugsQuery: async () => {
    const slugs = await loader.fetch<string[]>(queries.newsSlugsQuery);
    const posts = await loader.fetch<NewsPostSummary[]>(queries.newsListQuery);
    expect(slugs).toEqual(posts.map((p) => p.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
  },
  newsPostQuery: async () => {
    for (const slug of await loader.fetch<string[]>(queries.newsSlugsQuery)) {
      const post = await loader.fetch<NewsPost | null>(queries.newsPostQuery, { slug });
      expectFields(`news/${slug}`, post, ['title', 'slug', 'publishedAt', 'excerpt', 'body', ...seoFields]);
      expect(post!.slug).toBe(slug);
      expectContentRules(`news/${slug}`, post);
    }
    expect(await loader.fetch(queries.newsPostQuery, { slug: 'no-such-post' })).toBeNull();
  },
  errorPageQuery: async () => {
    const page = await loader.fetch<ErrorPage | null>(queries.errorPageQuery);
    expectFields('errorPage', page, ['heading', 'body', ...seoFields]);
    expect(page!.heading).toBe('Sorry, Not available in your country');
    expectContentRules('errorPage', page);
  },
};

describe('seed content answers every query of queries.ts', () => {
  it('has a check for every exported query', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(queries).sort());
  });

  for (const [name, check] of Object.entries(CHECKS)) {
    it(name, check);
  }

  it('checked images along the way', () => {
    expect(imagesChecked).toBeGreaterThan(20);
  });
});

describe('seed image files', () => {
  it('every asset has its file, with the sha1 and size the asset document states', async () => {
    const { createHash } = await import('node:crypto');
    expect(seedAssets.size).toBeGreaterThan(0);
    for (const [id, asset] of seedAssets) {
      const match = /^image-([0-9a-f]{40})-(\d+)x(\d+)-svg$/.exec(id);
      expect(match, id).not.toBeNull();
      const bytes = readFileSync(path.join(imagesDir, `${match![1]}-${match![2]}x${match![3]}.svg`));
      expect(createHash('sha1').update(bytes).digest('hex')).toBe(match![1]);
      expect(asset.size).toBe(bytes.length);
      expect(bytes.toString('utf8')).not.toMatch(/<script|javascript:|\son\w+\s*=/i);
    }
  });
});

describe('content rules', () => {
  it('allows only the two fixed fees, exactly as written', () => {
    for (const fee of KNOWN_FEE_TEXTS) expect(hasPriceText(`解約時は${fee}がかかります`)).toBe(false);
    expect(hasPriceText('月々3,500円から')).toBe(true);
    expect(hasPriceText('2,600円')).toBe(true); // without （税込）
    expect(hasPriceText('¥1,650')).toBe(true);
    expect(hasPriceText('1万円')).toBe(true);
    expect(hasPriceText('1回25分・2〜3営業日')).toBe(false);
  });

  it('drops event banners outside their period', () => {
    const sections = [
      { _type: 'faqSection' },
      { _type: 'eventBanner', startsOn: '2026-11-01', endsOn: '2027-03-31' },
      { _type: 'eventBanner', endsOn: '2026-10-31' },
      { _type: 'eventBanner', startsOn: '2027-01-01' },
    ];
    expect(activeSections(sections, '2026-11-21')).toEqual(sections.slice(0, 2));
    expect(activeSections(sections, '2027-03-31')).toEqual([sections[0], sections[1], sections[3]]);
    expect(tokyoDate(new Date('2026-11-21T15:30:00Z'))).toBe('2026-11-22');
  });
});
