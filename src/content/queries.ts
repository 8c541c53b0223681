/**
 * Every GROQ query the site runs; the seed dataset and Sanity answer the same ones. Each is wrapped
 * in defineQuery so Sanity TypeGen (`npm run typegen`) writes its result type into sanity.types.ts.
 */
import { defineQuery } from 'groq';

/**
 * Projection of an image field: the asset dereferenced to what the page needs
 * (see images.ts: toRenderableImage), plus the alt text and an optional caption. An unset image
 * projects to null.
 */
const IMAGE = /* groq */ `{ "asset": asset->{ _id, url, metadata { dimensions } }, alt, caption }`;

const SEO = /* groq */ `seo{ title, description, "shareImage": shareImage${IMAGE} }`;

/**
 * A section of a landing or plan page: every field as stored, with images dereferenced
 * (section image, banner slide images, adult course images, textbook images).
 */
const SECTION = /* groq */ `{
  ...,
  "image": image${IMAGE},
  _type == "bannerCarousel" => { "slides": coalesce(slides[]{ ..., "image": image${IMAGE} }, []) },
  _type == "adultPlansBlock" => { "courses": coalesce(courses[]{ ..., "image": image${IMAGE} }, []) },
  _type == "optionalTextbookBlock" => { "books": coalesce(books[]{ ..., "image": image${IMAGE} }, []) }
}`;

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  serviceName, companyName, postalCode, companyAddress, phone, registrationNumber, email, officeHours, supportReplyTime,
  blogUrl, faqUrl, newsUrl,
  "footerLinks": coalesce(footerLinks[]{ label, "slug": page->slug.current }, [])
}`);

/** The support form: its category and title choices, and the office hours shown beside it. */
export const supportFormQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  officeHours, supportReplyTime,
  "categories": coalesce(supportCategories[defined(name)]{ name, "titles": coalesce(titles, []) }, [])
}`);

/** The survey embedded on /feedback after a cancellation (product decision 17); null when none is set. */
export const feedbackSurveyQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{ "surveyUrl": cancellationSurveyUrl }`);

/** Site-wide SEO defaults (title, description, share image) for pages that lack their own. */
export const seoDefaultsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  "siteName": serviceName,
  "seo": defaultSeo{ title, description, "shareImage": shareImage${IMAGE} }
}`);

/** $id: landing-home (/), landing-kids (/kids), landing-adult (/adult), landing-musio-esatj (/musio_esatj). */
export const landingPageQuery = defineQuery(`*[_type == "landingPage" && _id == $id][0]{
  title, "seo": ${SEO}, "sections": coalesce(sections[]${SECTION}, [])
}`);

/** Ids of the published landing pages. */
export const landingPageIdsQuery = defineQuery(`*[_type == "landingPage"] | order(_id asc)._id`);

export const legalPagesQuery = defineQuery(`*[_type == "legalPage" && defined(slug.current)] | order(slug.current asc){
  title, "slug": slug.current, updatedAt, "body": coalesce(body, [])
}`);

/** $category: kodomo, otona or esatj (/plan/{category}; product decision 10: anything else shows otona). */
export const planPageQuery = defineQuery(`*[_type == "planPage" && category == $category][0]{
  category, heading, lead, "sections": coalesce(sections[]${SECTION}, []), "seo": ${SEO}
}`);

/** Categories that have a plan page. */
export const planPageCategoriesQuery = defineQuery(`*[_type == "planPage" && defined(category)] | order(category asc).category`);

/** /plantable: copy and images only; the table comes from the plan catalogue. */
export const planTablePageQuery = defineQuery(`*[_type == "planTablePage" && _id == "planTablePage"][0]{
  title, intro, "images": coalesce(images[]${IMAGE}, []), "seo": ${SEO}
}`);

/** /campaign and /campaign-landing. product.priceBeforeTax is a number (show it tax included). */
export const campaignPageQuery = defineQuery(`*[_type == "campaignPage" && _id == "campaignPage"][0]{
  heading, lead, "image": image${IMAGE}, "body": coalesce(body, []),
  product{ name, piecesPerBox, priceBeforeTax, limitPerHousehold },
  applyUrl, applyLabel,
  "faq": coalesce(faq[]{ _key, question, answer }, []),
  "seo": ${SEO}
}`);

/**
 * $slug: "" (/timeline), "kids", "adult" or "musio_esatj" (/timeline/{slug}).
 * Stored as `audience` ("default" for /timeline); read as `slug`.
 */
export const timelinePageQuery = defineQuery(`*[_type == "timelinePage" && select(audience == "default" => "", audience) == $slug][0]{
  "slug": select(audience == "default" => "", audience),
  heading, lead,
  "steps": coalesce(steps[]{ _key, title, body, note }, []),
  cta{ label, href },
  "seo": ${SEO}
}`);

/** Slugs of the timeline pages, "" (/timeline) first. */
export const timelineSlugsQuery = defineQuery(`*[_type == "timelinePage" && defined(audience)] | order(select(audience == "default" => 0, 1) asc, audience asc){
  "slug": select(audience == "default" => "", audience)
}.slug`);

/** /faq and the accordion on /mypagere: groups common, kids-adult, esatj (in the editor's order). */
export const faqPageQuery = defineQuery(`*[_type == "faqPage" && _id == "faqPage"][0]{
  heading, lead,
  "groups": coalesce(groups[]{ _key, audience, heading, "items": coalesce(items[]{ _key, question, answer }, []) }, []),
  "seo": ${SEO}
}`);

/** /news: newest first. */
export const newsListQuery = defineQuery(`*[_type == "newsPost" && defined(slug.current) && defined(publishedAt)] | order(publishedAt desc, _id asc){
  title, "slug": slug.current, publishedAt, excerpt
}`);

/** /news/{slug}. */
export const newsPostQuery = defineQuery(`*[_type == "newsPost" && slug.current == $slug][0]{
  title, "slug": slug.current, publishedAt, excerpt, "body": coalesce(body, []), "seo": ${SEO}
}`);

/** Slugs of all news posts (getStaticPaths). */
export const newsSlugsQuery = defineQuery(`*[_type == "newsPost" && defined(slug.current)] | order(publishedAt desc, _id asc).slug.current`);

/** /error (optional document: the page has a built-in fallback). */
export const errorPageQuery = defineQuery(`*[_type == "errorPage" && _id == "errorPage"][0]{
  heading, body, cta{ label, href }, "seo": ${SEO}
}`);
