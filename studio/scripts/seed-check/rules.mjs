// What the schema file cannot say: the Studio's custom validation rules (links, dates, slugs,
// plan option ids, no prices as text, alt text), applied to one document of the seed.
// Every pattern comes from @musio/content-rules, which the Studio's validation imports too.

import {
  LANDING_PAGE_PATHS,
  PHONE_PATTERN,
  PLAN_OPTION_GROUPS,
  POSTAL_CODE_PATTERN,
  RESERVED_SLUGS,
  SINGLETON_TYPES,
  SITE_PATH_PATTERN,
  SLUG_PATTERN,
  copyStrings,
  hasPriceText,
  isPlanOptionId,
  isPlanOptionIdIn,
} from '@musio/content-rules'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const PLACEHOLDER = /lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b/i
/** Portable Text decorators of the Studio's richText (studio/src/schemaTypes/objects/rich-text.ts). */
const DECORATORS = new Set(['strong'])
/** Which option ids a block may name (studio/src/lib/plan-block.ts and the block types). */
const PLAN_GROUP_OF_TYPE = {
  basicPlanBlock: 'basic',
  kidsPlanBlock: 'kids',
  familyPlanBlock: 'family',
  adultCourse: 'adult',
  esatjFeaturesBlock: 'esatj',
  priceOverview: 'any',
}

export const isHttpUrl = (value) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value)
  } catch {
    return false
  }
}
export const isPathOrUrl = (value) => typeof value === 'string' && (SITE_PATH_PATTERN.test(value) || isHttpUrl(value))
export const isIsoDateTime = (value) => typeof value === 'string' && value.includes('T') && !Number.isNaN(Date.parse(value))
export const isDate = (value) =>
  typeof value === 'string' && DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

/** Calls fn(obj, path) for every object in value (the document, nested objects, array items). */
export function walkObjects(value, path, fn) {
  if (Array.isArray(value)) value.forEach((item, i) => walkObjects(item, `${path}[${i}]`, fn))
  else if (value !== null && typeof value === 'object') {
    fn(value, path)
    for (const [key, item] of Object.entries(value)) walkObjects(item, `${path}.${key}`, fn)
  }
}

/**
 * @param {object} doc
 * @param {string} where
 * @param {{byId: Map<string, object>, error: Function, warn: Function}} ctx
 */
export function checkContentRules(doc, where, ctx) {
  const {error, warn} = ctx
  if (SINGLETON_TYPES.includes(doc._type) && doc._id !== doc._type) error(where, `${doc._type} is a singleton: _id must be "${doc._type}"`)
  if (doc._type === 'landingPage' && !(doc._id in LANDING_PAGE_PATHS)) {
    error(where, `landing page _id must be one of ${Object.keys(LANDING_PAGE_PATHS).join(', ')}`)
  }
  if (doc._type === 'siteSettings') {
    if (doc.postalCode && !POSTAL_CODE_PATTERN.test(doc.postalCode)) error(where, 'postalCode must look like 150-0002')
    if (doc.phone && !PHONE_PATTERN.test(doc.phone)) error(where, 'phone must look like 03-1234-5678')
    if (doc.email && !EMAIL_PATTERN.test(doc.email)) error(where, 'invalid email')
    if (doc.blogUrl && !isHttpUrl(doc.blogUrl)) error(where, 'blogUrl must be an http(s) URL')
    for (const field of ['faqUrl', 'newsUrl']) if (doc[field] && !isPathOrUrl(doc[field])) error(where, `${field} must be a path or an http(s) URL`)
  }
  if (doc._type === 'legalPage' || doc._type === 'newsPost') {
    const slug = doc.slug?.current
    if (typeof slug === 'string' && !SLUG_PATTERN.test(slug)) error(where, `invalid slug "${slug}"`)
    if (doc._type === 'legalPage' && RESERVED_SLUGS.has(slug)) error(where, `slug "${slug}" is a path of the application`)
  }
  if (doc._type === 'legalPage' && doc.updatedAt && !isDate(doc.updatedAt)) error(where, 'updatedAt must be a YYYY-MM-DD date')
  if (doc._type === 'newsPost' && doc.publishedAt && !isIsoDateTime(doc.publishedAt)) error(where, 'publishedAt must be an ISO date-time')
  if (doc._type === 'planTablePage' && ((doc.images?.length ?? 0) < 1 || doc.images.length > 4)) error(where, 'images must hold 1 to 4 images')
  if (doc._type === 'campaignPage') {
    if (doc.applyUrl && !/^https:\/\/\S+$/.test(doc.applyUrl)) error(where, 'applyUrl must be an https:// URL')
    for (const field of ['piecesPerBox', 'priceBeforeTax', 'limitPerHousehold']) {
      const value = doc.product?.[field]
      if (value !== undefined && !(Number.isInteger(value) && value > 0)) error(`${where}.product`, `${field} must be a positive integer`)
    }
  }
  if (doc._type === 'timelinePage' && (doc.steps?.length ?? 0) < 3) error(where, 'a timeline needs at least 3 steps')
  if (doc._type === 'faqPage') {
    const audiences = (doc.groups ?? []).map((group) => group.audience)
    if (new Set(audiences).size !== audiences.length) error(where, 'duplicate FAQ audience')
  }
  walkObjects(doc, where, (obj, at) => checkObject(obj, at, ctx))
  if (doc._type !== 'legalPage') {
    // Product decision 6: no amount as text outside the legal pages, except the fixed fees as written.
    for (const text of copyStrings(doc)) if (hasPriceText(text)) error(where, `price written as text: "${text.slice(0, 60)}…"`)
  }
  for (const text of copyStrings(doc)) if (PLACEHOLDER.test(text)) error(where, `placeholder text: "${text.slice(0, 60)}"`)
  if (doc.seo) checkSeo(doc.seo, `${where}.seo`, warn)
}

/** Rules on nested objects wherever they sit. */
function checkObject(obj, at, {error, warn}) {
  if (obj._type === 'callToAction' && obj.href && !isPathOrUrl(obj.href)) error(at, `invalid href "${obj.href}"`)
  if (obj._type === 'bannerSlide' && obj.ctaHref && !isPathOrUrl(obj.ctaHref)) error(at, `invalid ctaHref "${obj.ctaHref}"`)
  if (obj._type === 'lessonItem' && obj.minutes !== undefined && !(Number.isInteger(obj.minutes) && obj.minutes > 0)) error(at, 'minutes must be a positive integer')
  if (obj._type === 'mediaItem') {
    if (obj.publishedAt && !isDate(obj.publishedAt)) error(at, 'publishedAt must be a YYYY-MM-DD date')
    if (obj.url !== undefined && !isHttpUrl(obj.url)) error(at, 'url must be an http(s) URL')
  }
  if (obj._type === 'eventBanner') {
    for (const field of ['startsOn', 'endsOn']) if (obj[field] !== undefined && !isDate(obj[field])) error(at, `${field} must be a YYYY-MM-DD date`)
    if (obj.startsOn && obj.endsOn && obj.endsOn < obj.startsOn) error(at, 'endsOn is before startsOn')
  }
  if (obj._type === 'adultPlansBlock') {
    const contents = (obj.courses ?? []).map((course) => course.content)
    if (new Set(contents).size !== contents.length) error(at, 'duplicate adult course content')
  }
  if (obj._type === 'image') {
    if (typeof obj.alt !== 'string' || obj.alt.trim() === '') error(at, 'image without alt text')
    else if (obj.alt.length > 120) warn(at, `alt text is ${obj.alt.length} characters (> 120)`)
  }
  if (obj._type === 'block') checkBlock(obj, at, error, warn)
  if ('planOptionIds' in obj) checkPlanOptionIds(obj, at, error)
}

/** Product decision 6: plans are named by catalogue option ids that fit the block naming them. */
function checkPlanOptionIds(obj, at, error) {
  const ids = obj.planOptionIds
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
    return error(at, 'planOptionIds must be a non-empty list of option ids')
  }
  const group = obj._type === 'adultCourse' && obj.content ? (obj.content === 'hawaii' ? 'adultHawaii' : 'adultBusiness') : PLAN_GROUP_OF_TYPE[obj._type]
  for (const id of ids) {
    if (!isPlanOptionId(id)) error(at, `unknown plan option id "${id}"`)
    else if (group && !isPlanOptionIdIn(group, id)) error(at, `plan option id "${id}" does not fit a ${obj._type} (${PLAN_OPTION_GROUPS[group].join(', ')})`)
  }
  if (new Set(ids).size !== ids.length) error(at, 'duplicate plan option ids')
}

/** A Portable Text block: text in every block, marks that exist, links that go somewhere safe. */
function checkBlock(block, at, error, warn) {
  const defKeys = new Set()
  for (const def of block.markDefs ?? []) {
    defKeys.add(def._key)
    const href = def.href
    if (def._type === 'link' && !(isPathOrUrl(href) || /^mailto:[^\s@]+@[^\s@]+$/.test(href ?? '') || /^tel:[+\d-]+$/.test(href ?? ''))) {
      error(at, `invalid link href "${href}"`)
    }
  }
  if (block.listItem !== undefined && !(Number.isInteger(block.level) && block.level >= 1)) error(at, 'a list item needs an integer level of 1 or more')
  const used = new Set()
  let text = ''
  ;(block.children ?? []).forEach((span, i) => {
    text += span.text ?? ''
    for (const mark of span.marks ?? []) {
      if (DECORATORS.has(mark)) continue
      if (defKeys.has(mark)) used.add(mark)
      else error(`${at}.children[${i}]`, `mark "${mark}" is neither an allowed decorator nor a markDef key`)
    }
  })
  for (const key of defKeys) if (!used.has(key)) warn(at, `markDef "${key}" is not used by any span`)
  if (text.trim() === '') error(at, 'empty block')
}

function checkSeo(seo, at, warn) {
  if ((seo.title ?? '').length > 60) warn(at, `title is ${seo.title.length} characters (> 60)`)
  if ((seo.description ?? '').length > 160) warn(at, `description is ${seo.description.length} characters (> 160)`)
}
