/**
 * Runs every query of queries.ts against the seed dataset (studio/seed/production.ndjson), the
 * way a build without SANITY_PROJECT_ID does, and checks what the pages rely on beyond the schema
 * (the documents themselves are checked against the Studio's schema by studio/scripts/seed-check):
 * - each query answers, in the order and number the pages expect, and null for an unknown page;
 * - every projected image resolves to a file the site serves, with its size and alt text;
 * - every plan option id exists in the catalogue's list (@musio/content-rules);
 * - no copy writes an amount, except the legal pages and the two fixed fees as written.
 */
import { PLAN_OPTION_IDS, copyStrings, hasPriceText, taxIncluded } from '@musio/content-rules';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRenderableImage } from './images.ts';
import { createContentLoader, readSeedDataset } from './loader.ts';
import * as queries from './queries.ts';
import { activeSections, tokyoDate } from './site.ts';
import type * as Result from './sanity.types.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const loader = createContentLoader({ env: {}, root });
const imagesDir = path.join(root, 'studio', 'seed', 'images');

type QueryName = keyof typeof queries;
type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Calls fn for every object inside value, with its path. */
function walk(value: unknown, where: string, fn: (obj: Obj, at: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}[${i}]`, fn));
  else if (isObject(value)) {
    fn(value, where);
    for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, fn);
  }
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

/** How each query is run and checked; every export of queries.ts must be listed here. */
const CHECKS: Record<QueryName, () => Promise<void>> = {
  supportFormQuery: async () => {
    const settings = await loader.fetch<Result.SupportFormQueryResult>(queries.supportFormQuery);
    expect(settings?.categories.length).toBeGreaterThan(0);
    for (const category of settings?.categories ?? []) {
      expect(category.titles.length, `${category.name}: no titles`).toBeGreaterThan(0);
      expect(new Set(category.titles).size, `${category.name}: duplicate titles`).toBe(category.titles.length);
    }
    expect(new Set(settings?.categories.map((c) => c.name)).size).toBe(settings?.categories.length);
    expectContentRules('supportForm', settings);
  },
  siteSettingsQuery: async () => {
    const settings = await loader.fetch<Result.SiteSettingsQueryResult>(queries.siteSettingsQuery);
    expect(settings?.footerLinks.map((l) => l.slug)).toEqual(['terms', 'tokushoho', 'privacy', 'external-transmission']);
    expect(settings?.officeHours).toContain('11:00〜19:00');
    expectContentRules('siteSettings', settings);
  },
  feedbackSurveyQuery: async () => {
    // The seed names no survey: the feedback pages show the thank-you text only (product decision 17).
    const survey = await loader.fetch<Result.FeedbackSurveyQueryResult>(queries.feedbackSurveyQuery);
    expect(survey).toEqual({ surveyUrl: null });
  },
  seoDefaultsQuery: async () => {
    const defaults = await loader.fetch<Result.SeoDefaultsQueryResult>(queries.seoDefaultsQuery);
    expect(defaults?.siteName).toBe('Musio English');
    expect(defaults?.seo.shareImage, 'the default share image').not.toBeNull();
    expectContentRules('seoDefaults', defaults);
  },
  landingPageIdsQuery: async () => {
    expect(await loader.fetch<Result.LandingPageIdsQueryResult>(queries.landingPageIdsQuery)).toEqual(['landing-adult', 'landing-home', 'landing-kids', 'landing-musio-esatj']);
  },
  landingPageQuery: async () => {
    for (const id of await loader.fetch<Result.LandingPageIdsQueryResult>(queries.landingPageIdsQuery)) {
      const page = await loader.fetch<Result.LandingPageQueryResult>(queries.landingPageQuery, { id });
      expect(page, id).not.toBeNull();
      expect(page!.sections[0]?._type, `${id}: first section`).toBe('bannerCarousel');
      expectContentRules(id, page);
    }
    expect(await loader.fetch(queries.landingPageQuery, { id: 'landing-none' })).toBeNull();
  },
  legalPagesQuery: async () => {
    const pages = await loader.fetch<Result.LegalPagesQueryResult>(queries.legalPagesQuery);
    expect(pages.map((p) => p.slug)).toEqual(['external-transmission', 'privacy', 'terms', 'tokushoho']);
    for (const page of pages) expect(page.body.length, page.slug).toBeGreaterThan(5);
    expectContentRules('legalPages', pages, { legal: true });
  },
  planPageCategoriesQuery: async () => {
    expect(await loader.fetch<Result.PlanPageCategoriesQueryResult>(queries.planPageCategoriesQuery)).toEqual(['esatj', 'kodomo', 'otona']);
  },
  planPageQuery: async () => {
    for (const category of await loader.fetch<Result.PlanPageCategoriesQueryResult>(queries.planPageCategoriesQuery)) {
      const page = await loader.fetch<Result.PlanPageQueryResult>(queries.planPageQuery, { category });
      expect(page?.category).toBe(category);
      expectContentRules(`plan/${category}`, page);
    }
    expect(await loader.fetch(queries.planPageQuery, { category: 'unknown' })).toBeNull();
  },
  planTablePageQuery: async () => {
    const page = await loader.fetch<Result.PlanTablePageQueryResult>(queries.planTablePageQuery);
    expect(page?.images.length).toBeGreaterThanOrEqual(1);
    expectContentRules('planTablePage', page);
  },
  campaignPageQuery: async () => {
    const page = await loader.fetch<Result.CampaignPageQueryResult>(queries.campaignPageQuery);
    expect(page!.product).toMatchObject({ piecesPerBox: 50, priceBeforeTax: 1500, limitPerHousehold: 1 });
    expect(taxIncluded(page!.product.priceBeforeTax)).toBe(1650);
    expect(page!.applyUrl).toMatch(/^https:\/\/\S+$/);
    expect(page!.faq.length).toBeGreaterThan(0);
    expectContentRules('campaignPage', page);
  },
  timelineSlugsQuery: async () => {
    expect(await loader.fetch<Result.TimelineSlugsQueryResult>(queries.timelineSlugsQuery)).toEqual(['', 'adult', 'kids', 'musio_esatj']);
  },
  timelinePageQuery: async () => {
    for (const slug of await loader.fetch<Result.TimelineSlugsQueryResult>(queries.timelineSlugsQuery)) {
      const where = `timeline/${slug}`;
      const page = await loader.fetch<Result.TimelinePageQueryResult>(queries.timelinePageQuery, { slug });
      expect(page?.slug, where).toBe(slug);
      expect(page!.steps.length, `${where}: steps`).toBeGreaterThanOrEqual(3);
      expectContentRules(where, page);
    }
    expect(await loader.fetch(queries.timelinePageQuery, { slug: 'unknown' })).toBeNull();
  },
  faqPageQuery: async () => {
    const page = await loader.fetch<Result.FaqPageQueryResult>(queries.faqPageQuery);
    expect(page!.groups.map((g) => g.audience)).toEqual(['common', 'kids-adult', 'esatj']);
    expect(page!.groups.flatMap((g) => g.items).length).toBeGreaterThanOrEqual(10);
    expectContentRules('faqPage', page);
  },
  newsListQuery: async () => {
    const posts = await loader.fetch<Result.NewsListQueryResult>(queries.newsListQuery);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => Date.parse(p.publishedAt));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expectContentRules('newsList', posts);
  },
  newsSlugsQuery: async () => {
    const slugs = await loader.fetch<Result.NewsSlugsQueryResult>(queries.newsSlugsQuery);
    const posts = await loader.fetch<Result.NewsListQueryResult>(queries.newsListQuery);
    expect(slugs).toEqual(posts.map((p) => p.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
  },
  newsPostQuery: async () => {
    for (const slug of await loader.fetch<Result.NewsSlugsQueryResult>(queries.newsSlugsQuery)) {
      const post = await loader.fetch<Result.NewsPostQueryResult>(queries.newsPostQuery, { slug });
      expect(post?.slug).toBe(slug);
      expectContentRules(`news/${slug}`, post);
    }
    expect(await loader.fetch(queries.newsPostQuery, { slug: 'no-such-post' })).toBeNull();
  },
  errorPageQuery: async () => {
    const page = await loader.fetch<Result.ErrorPageQueryResult>(queries.errorPageQuery);
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

describe('event banners', () => {
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
