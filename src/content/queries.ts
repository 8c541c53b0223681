/** Every GROQ query the site runs; the seed dataset and Sanity answer the same ones. */

/**
 * Projection of an image field: the asset dereferenced to what the page needs
 * (see images.ts: toRenderableImage), plus the alt text and an optional caption.
 */
const IMAGE = /* groq */ `{ "asset": asset->{ _id, url, metadata { dimensions } }, alt, caption }`;

/** Projects an image field only where it is set, so sections without one keep their shape. */
const withImage = (field: string) => /* groq */ `defined(${field}) => { "${field}": ${field}${IMAGE} }`;

const SEO = /* groq */ `seo{ title, description, ${withImage('shareImage')} }`;

/**
 * A section of a landing or plan page: every field as stored, with images dereferenced
 * (section image, banner slide images, adult course images, textbook images).
 */
const SECTION = /* groq */ `{
  ...,
  ${withImage('image')},
  _type == "bannerCarousel" => { "slides": coalesce(slides[]{ ..., ${withImage('image')} }, []) },
  _type == "adultPlansBlock" => { "courses": coalesce(courses[]{ ..., ${withImage('image')} }, []) },
  _type == "optionalTextbookBlock" => { "books": coalesce(books[]{ ..., ${withImage('image')} }, []) }
}`;

export const siteSettingsQuery = /* groq */ `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  serviceName, companyName, postalCode, companyAddress, phone, email, officeHours, supportReplyTime,
  blogUrl, faqUrl, newsUrl,
  "footerLinks": coalesce(footerLinks[]{ label, "slug": page->slug.current }, [])
}`;

/** The support form: its category and title choices, and the office hours shown beside it. */
export const supportFormQuery = /* groq */ `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  officeHours, supportReplyTime,
  "categories": coalesce(supportCategories[defined(name)]{ name, "titles": coalesce(titles, []) }, [])
}`;

/** Site-wide SEO defaults (title, description, share image) for pages that lack their own. */
export const seoDefaultsQuery = /* groq */ `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  "siteName": serviceName,
  "seo": defaultSeo{ title, description, ${withImage('shareImage')} }
}`;

/** $id: landing-home (/), landing-kids (/kids), landing-adult (/adult), landing-musio-esatj (/musio_esatj). */
export const landingPageQuery = /* groq */ `*[_type == "landingPage" && _id == $id][0]{
  title, "seo": ${SEO}, "sections": coalesce(sections[]${SECTION}, [])
}`;

/** Ids of the published landing pages. */
export const landingPageIdsQuery = /* groq */ `*[_type == "landingPage"] | order(_id asc)._id`;

export const legalPagesQuery = /* groq */ `*[_type == "legalPage" && defined(slug.current)] | order(slug.current asc){
  title, "slug": slug.current, updatedAt, "body": coalesce(body, [])
}`;

/** $category: kodomo, otona or esatj (/plan/{category}; decision 10: anything else shows otona). */
export const planPageQuery = /* groq */ `*[_type == "planPage" && category == $category][0]{
  category, heading, lead, "sections": coalesce(sections[]${SECTION}, []), "seo": ${SEO}
}`;

/** Categories that have a plan page. */
export const planPageCategoriesQuery = /* groq */ `*[_type == "planPage" && defined(category)] | order(category asc).category`;

/** /plantable: copy and images only; the table comes from the plan catalogue. */
export const planTablePageQuery = /* groq */ `*[_type == "planTablePage" && _id == "planTablePage"][0]{
  title, intro, "images": coalesce(images[]${IMAGE}, []), "seo": ${SEO}
}`;

/** /campaign and /campaign-landing. product.priceBeforeTax is a number (show it tax included). */
export const campaignPageQuery = /* groq */ `*[_type == "campaignPage" && _id == "campaignPage"][0]{
  heading, lead, "image": image${IMAGE}, "body": coalesce(body, []),
  product{ name, piecesPerBox, priceBeforeTax, limitPerHousehold },
  applyUrl, applyLabel,
  "faq": coalesce(faq[]{ _key, question, answer }, []),
  "seo": ${SEO}
}`;

/**
 * $slug: "" (/timeline), "kids", "adult" or "musio_esatj" (/timeline/{slug}).
 * Stored as `audience` ("default" for /timeline); read as `slug`.
 */
export const timelinePageQuery = /* groq */ `*[_type == "timelinePage" && select(audience == "default" => "", audience) == $slug][0]{
  "slug": select(audience == "default" => "", audience),
  heading, lead,
  "steps": coalesce(steps[]{ _key, title, body, note }, []),
  cta{ label, href },
  "seo": ${SEO}
}`;

/** Slugs of the timeline pages, "" (/timeline) first. */
export const timelineSlugsQuery = /* groq */ `*[_type == "timelinePage" && defined(audience)] | order(select(audience == "default" => 0, 1) asc, audience asc){
  "slug": select(audience == "default" => "", audience)
}.slug`;

/** /faq and the accordion on /mypagere: groups common, kids-adult, esatj (in the editor's order). */
export const faqPageQuery = /* groq */ `*[_type == "faqPage" && _id == "faqPage"][0]{
  heading, lead,
  "groups": coalesce(groups[]{ _key, audience, heading, "items": coalesce(items[]{ _key, question, answer }, []) }, []),
  "seo": ${SEO}
}`;

/** /news: newest first. */
export const newsListQuery = /* groq */ `*[_type == "newsPost" && defined(slug.current) && defined(publishedAt)] | order(publishedAt desc, _id asc){
  title, "slug": slug.current, publishedAt, excerpt
}`;

/** /news/{slug}. */
export const newsPostQuery = /* groq */ `*[_type == "newsPost" && slug.current == $slug][0]{
  title, "slug": slug.current, publishedAt, excerpt, "body": coalesce(body, []), "seo": ${SEO}
}`;

/** Slugs of all news posts (getStaticPaths). */
export const newsSlugsQuery = /* groq */ `*[_type == "newsPost" && defined(slug.current)] | order(publishedAt desc, _id asc).slug.current`;

/** /error (optional document: the page has a built-in fallback). */
export const errorPageQuery = /* groq */ `*[_type == "errorPage" && _id == "errorPage"][0]{
  heading, body, cta{ label, href }, "seo": ${SEO}
}`;
