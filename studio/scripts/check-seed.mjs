#!/usr/bin/env node
// Offline checks for a Sanity NDJSON export (default: seed/production.ndjson).
// Plain Node ESM, built-ins only.
//
//   npm run check-seed [-- path/to/file.ndjson]
//   npx node scripts/check-seed.mjs [path/to/file.ndjson]
//
// Checks: every line is a JSON object with _id/_type/_createdAt/_updatedAt/_rev; _ids are unique;
// every array of objects carries a unique _key on each item (and a _type); every reference points
// to an existing document of an allowed type; required fields of docs/contracts/content-model.md
// are present; Portable Text is well formed; no price as text in landing page copy (decision 6);
// and the seed-specific expectations (singleton, legal slugs, footer order, landing sections).
// Images: every sanity.imageAsset document matches its file in seed/images/ (name, sha1, size,
// viewBox size, url/path); every image field references an existing asset and has alt text.
// Prices: outside the legal pages no copy holds an amount, except the fixed fees written exactly
// "2,600円（税込）" or "11,583円（税込）"; plan option ids exist and fit the block that names them.
//
// The patterns below mirror src/lib/validation.ts and the schema's required fields — keep in sync.

import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

const studioDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const file = process.argv[2] ?? join(studioDir, 'seed', 'production.ndjson')
const imagesDir = join(dirname(file), 'images')

// --- Patterns (mirror src/lib/validation.ts) -------------------------------------------------
const PRICE_TEXT_PATTERN =
  /[¥￥]\s*[0-9０-９]|[0-9０-９][0-9０-９,，.．]*\s*(?:万\s*)?円|[0-9０-９][0-9０-９,，]*\s*(?:yen|jpy)\b/i
const SITE_PATH_PATTERN = /^\/(?!\/)[^\s]*$/
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const PLAN_OPTION_ID_PATTERN =
  /^(?:ME_Plan_[1-3]|ME_Plan_3_1|ME_Plan_3_2_[1-3]|adult_(?:hawaii|business)_(?:4|8|30|60)|ESAT-J_Plan_[1-6])$/
const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/
const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{3,4}$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const DOC_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/
const KNOWN_FEE_TEXTS = ['2,600円（税込）', '11,583円（税込）']
const withoutKnownFees = (text) => KNOWN_FEE_TEXTS.reduce((t, fee) => t.split(fee).join(''), text)
const IMAGE_ASSET_ID = /^image-([0-9a-f]{40})-(\d+)x(\d+)-([a-z0-9]+)$/
/** Which option ids each block may name (mirrors PLAN_OPTION_GROUPS in src/lib/validation.ts). */
const PLAN_GROUP_OF = {
  basicPlanBlock: /^ME_Plan_[1-3]$/,
  kidsPlanBlock: /^ME_Plan_3_1$/,
  familyPlanBlock: /^ME_Plan_3_2_[1-3]$/,
  adultCourse: /^adult_(?:hawaii|business)_(?:4|8|30|60)$/,
  esatjFeaturesBlock: /^ESAT-J_Plan_[1-6]$/,
  priceOverview: PLAN_OPTION_ID_PATTERN,
}
const LANDING_IDS = ['landing-home', 'landing-kids', 'landing-adult', 'landing-musio-esatj']
const PLAN_CATEGORIES = ['kodomo', 'otona', 'esatj']
const TIMELINE_AUDIENCES = ['default', 'kids', 'adult', 'musio_esatj']
const FAQ_AUDIENCES = ['common', 'kids-adult', 'esatj']
const SINGLETONS = ['siteSettings', 'planTablePage', 'campaignPage', 'faqPage', 'errorPage']

// --- Schema mirror: required fields per type (fields marked "?" in the contract are optional) --
const REQUIRED = {
  siteSettings: ['serviceName', 'companyName', 'postalCode', 'companyAddress', 'phone', 'email',
    'officeHours', 'supportReplyTime', 'supportCategories', 'blogUrl', 'faqUrl', 'newsUrl', 'footerLinks', 'defaultSeo'],
  legalPage: ['title', 'slug', 'updatedAt', 'body'],
  landingPage: ['title', 'seo', 'sections'],
  planPage: ['category', 'heading', 'lead', 'sections', 'seo'],
  planTablePage: ['title', 'intro', 'images', 'seo'],
  campaignPage: ['heading', 'lead', 'image', 'body', 'product', 'applyUrl', 'applyLabel', 'faq', 'seo'],
  timelinePage: ['audience', 'heading', 'lead', 'steps', 'seo'],
  faqPage: ['heading', 'groups', 'seo'],
  newsPost: ['title', 'slug', 'publishedAt', 'excerpt', 'body', 'seo'],
  errorPage: ['heading', 'body', 'seo'],
  'sanity.imageAsset': ['assetId', 'extension', 'mimeType', 'sha1hash', 'size', 'originalFilename',
    'path', 'url', 'metadata'],
  seo: ['title', 'description'],
  footerLink: ['label', 'page'],
  supportCategory: ['name', 'titles'],
  callToAction: ['label', 'href'],
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
  eventBanner: ['heading', 'body', 'image', 'cta'],
  optionalTextbookBlock: ['heading', 'lead', 'books', 'note'],
  textbookItem: ['name', 'description'],
  timelineStep: ['title', 'body'],
  faqGroup: ['audience', 'heading', 'items'],
  campaignProduct: ['name', 'piecesPerBox', 'priceBeforeTax', 'limitPerHousehold'],
  image: ['asset', 'alt'],
}
/** Array fields whose members are objects of one named type. */
const ARRAY_MEMBER_TYPE = {
  'siteSettings.footerLinks': 'footerLink',
  'siteSettings.supportCategories': 'supportCategory',
  'bannerCarousel.slides': 'bannerSlide',
  'featurePoints.points': 'featurePoint',
  'lessonContents.items': 'lessonItem',
  'parentVoices.voices': 'parentVoice',
  'functionList.functions': 'functionItem',
  'mediaCoverage.items': 'mediaItem',
  'faqSection.items': 'faqItem',
  'adultPlansBlock.courses': 'adultCourse',
  'esatjFeaturesBlock.features': 'featurePoint',
  'optionalTextbookBlock.books': 'textbookItem',
  'planTablePage.images': 'image',
  'campaignPage.faq': 'faqItem',
  'timelinePage.steps': 'timelineStep',
  'faqPage.groups': 'faqGroup',
  'faqGroup.items': 'faqItem',
}
/** Objects stored under a field with a fixed type. */
const OBJECT_FIELD_TYPE = {cta: 'callToAction', seo: 'seo', defaultSeo: 'seo', product: 'campaignProduct'}
const MARKETING_BLOCK_TYPES = ['basicPlanBlock', 'kidsPlanBlock', 'familyPlanBlock', 'adultPlansBlock',
  'esatjFeaturesBlock', 'eventBanner', 'optionalTextbookBlock']
const SECTION_TYPES = ['bannerCarousel', 'featurePoints', 'lessonContents', 'parentVoices',
  'priceOverview', 'functionList', 'mediaCoverage', 'faqSection']
const LANDING_SECTION_TYPES = [...SECTION_TYPES, ...MARKETING_BLOCK_TYPES]
const PLAN_PAGE_SECTION_TYPES = [...MARKETING_BLOCK_TYPES, 'faqSection']
const BLOCK_STYLES = new Set(['normal', 'h2', 'h3'])
const LIST_TYPES = new Set(['bullet', 'number'])
const DECORATORS = new Set(['strong'])
const REFERENCE_TARGETS = {'footerLink.page': ['legalPage']}

// --- Reporting ---------------------------------------------------------------------------------
const errors = []
const warnings = []
const error = (where, msg) => errors.push(`${where}: ${msg}`)
const warn = (where, msg) => warnings.push(`${where}: ${msg}`)

const isEmpty = (v) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0)
const isHttpUrl = (v) => {
  try {
    const u = new URL(v)
    return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(v)
  } catch {
    return false
  }
}
const isPathOrUrl = (v) => typeof v === 'string' && (SITE_PATH_PATTERN.test(v) || isHttpUrl(v))
const isIsoDateTime = (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && v.includes('T')
const isDate = (v) =>
  typeof v === 'string' && DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))

function requireFields(where, obj, type) {
  for (const field of REQUIRED[type] ?? []) {
    if (isEmpty(obj?.[field])) error(where, `required field "${field}" is missing or empty`)
  }
}

// --- 1. Parse ----------------------------------------------------------------------------------
const raw = readFileSync(file, 'utf8')
const lines = raw.split('\n')
if (lines.at(-1) === '') lines.pop()
const docs = []
lines.forEach((line, i) => {
  const where = `line ${i + 1}`
  if (line.trim() === '') return error(where, 'empty line')
  let doc
  try {
    doc = JSON.parse(line)
  } catch (e) {
    return error(where, `invalid JSON (${e.message})`)
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return error(where, 'not a JSON object')
  }
  docs.push({doc, where: `${where} (${doc._id ?? 'no _id'})`})
})

// --- 2. Document metadata and ids --------------------------------------------------------------
const byId = new Map()
for (const {doc, where} of docs) {
  if (typeof doc._id !== 'string' || !DOC_ID_PATTERN.test(doc._id)) error(where, 'invalid _id')
  if (typeof doc._id === 'string' && doc._id.startsWith('drafts.')) warn(where, 'draft document in seed')
  if (typeof doc._type !== 'string' || doc._type === '') error(where, 'missing _type')
  if (typeof doc._rev !== 'string' || doc._rev === '') error(where, 'missing _rev')
  for (const f of ['_createdAt', '_updatedAt']) {
    if (!isIsoDateTime(doc[f])) error(where, `${f} is not an ISO date-time`)
  }
  if (isIsoDateTime(doc._createdAt) && isIsoDateTime(doc._updatedAt) &&
      Date.parse(doc._updatedAt) < Date.parse(doc._createdAt)) {
    error(where, '_updatedAt is before _createdAt')
  }
  if (byId.has(doc._id)) error(where, `duplicate _id "${doc._id}"`)
  else byId.set(doc._id, doc)
  if (!REQUIRED[doc._type]) error(where, `unknown document type "${doc._type}"`)
}

// --- 3. Generic walk: _key in arrays, references ----------------------------------------------
const references = []
function walk(value, path) {
  if (Array.isArray(value)) {
    const objects = value.filter((v) => v !== null && typeof v === 'object')
    if (objects.length > 0) {
      if (objects.length !== value.length) error(path, 'array mixes objects and primitive values')
      const seen = new Set()
      value.forEach((item, i) => {
        if (item === null || typeof item !== 'object') return
        const at = `${path}[${i}]`
        if (typeof item._key !== 'string' || item._key === '') error(at, 'array item without _key')
        else if (seen.has(item._key)) error(at, `duplicate _key "${item._key}" in array`)
        else seen.add(item._key)
        if (typeof item._type !== 'string' || item._type === '') error(at, 'array item without _type')
      })
    }
    value.forEach((item, i) => walk(item, `${path}[${i}]`))
  } else if (value !== null && typeof value === 'object') {
    if ('_ref' in value) {
      if (value._type !== 'reference') error(path, 'object with _ref must have _type "reference"')
      references.push({ref: value._ref, path, weak: value._weak === true})
    }
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`)
  }
}
for (const {doc, where} of docs) walk(doc, where)

for (const {ref, path, weak} of references) {
  if (typeof ref !== 'string' || ref === '') error(path, 'empty _ref')
  else if (!byId.has(ref) && !weak) error(path, `reference to missing document "${ref}"`)
}

// --- 4. Typed checks ---------------------------------------------------------------------------
function checkObjectArray(where, owner, field, arr) {
  const memberType = ARRAY_MEMBER_TYPE[`${owner}.${field}`]
  if (!Array.isArray(arr)) return error(where, `"${field}" must be an array`)
  arr.forEach((item, i) => {
    const at = `${where}.${field}[${i}]`
    if (item?._type !== memberType) error(at, `_type must be "${memberType}", got "${item?._type}"`)
    checkObject(at, item, memberType)
  })
}

/** Required fields, typed member arrays and typed object fields, recursively. */
function checkObject(where, obj, type) {
  if (obj === null || typeof obj !== 'object') return error(where, `expected a "${type}" object`)
  requireFields(where, obj, type)
  for (const [field, value] of Object.entries(obj)) {
    if (value === undefined || value === null) continue
    if (ARRAY_MEMBER_TYPE[`${type}.${field}`]) checkObjectArray(where, type, field, value)
    else if (OBJECT_FIELD_TYPE[field]) {
      const expected = OBJECT_FIELD_TYPE[field]
      if (value._type !== expected) error(`${where}.${field}`, `_type must be "${expected}", got "${value._type}"`)
      checkObject(`${where}.${field}`, value, expected)
    }
  }
  if (typeof obj.cta === 'object' && obj.cta?.href && !isPathOrUrl(obj.cta.href)) error(`${where}.cta`, `invalid href "${obj.cta.href}"`)
  if (type === 'callToAction' && obj.href && !isPathOrUrl(obj.href)) error(where, `invalid href "${obj.href}"`)
  if (type === 'seo') {
    if ((obj.title ?? '').length > 60) warn(where, `title is ${obj.title.length} characters (> 60)`)
    if ((obj.description ?? '').length > 160) warn(where, `description is ${obj.description.length} characters (> 160)`)
  }
}

/** Section list of a landing or plan page. */
function checkSections(where, sections, allowed) {
  if (!Array.isArray(sections)) return error(where, 'sections must be an array')
  for (const [i, s] of sections.entries()) {
    const at = `${where}.sections[${i}]`
    if (!allowed.includes(s?._type)) {
      error(at, `section type "${s?._type}" is not allowed here`)
      continue
    }
    checkObject(at, s, s._type)
    if (s._type === 'bannerCarousel') {
      s.slides?.forEach((slide, j) => {
        if (slide.ctaHref && !isPathOrUrl(slide.ctaHref)) error(`${at}.slides[${j}]`, `invalid ctaHref "${slide.ctaHref}"`)
      })
    }
    if (s._type === 'lessonContents') {
      s.items?.forEach((item, j) => {
        if (item.minutes !== undefined && !(Number.isInteger(item.minutes) && item.minutes > 0)) {
          error(`${at}.items[${j}]`, 'minutes must be a positive integer')
        }
      })
    }
    if (s._type === 'mediaCoverage') {
      s.items?.forEach((item, j) => {
        if (item.publishedAt && !isDate(item.publishedAt)) error(`${at}.items[${j}]`, 'publishedAt must be a YYYY-MM-DD date')
        if (item.url !== undefined && !isHttpUrl(item.url)) error(`${at}.items[${j}]`, 'url must be an http(s) URL')
      })
    }
    if (s._type === 'adultPlansBlock') {
      const contents = (s.courses ?? []).map((c) => c.content)
      if (new Set(contents).size !== contents.length) error(at, 'duplicate adult course content')
      s.courses?.forEach((course, j) => {
        if (!['hawaii', 'business'].includes(course.content)) error(`${at}.courses[${j}]`, `unknown content "${course.content}"`)
        for (const id of course.planOptionIds ?? []) {
          if (!id.startsWith(`adult_${course.content}_`)) error(`${at}.courses[${j}]`, `"${id}" does not belong to the ${course.content} course`)
        }
      })
    }
    if (s._type === 'eventBanner') {
      for (const f of ['startsOn', 'endsOn']) if (s[f] !== undefined && !isDate(s[f])) error(at, `${f} must be a YYYY-MM-DD date`)
      if (s.startsOn && s.endsOn && s.endsOn < s.startsOn) error(at, 'endsOn is before startsOn')
    }
  }
}

function checkReference(where, value, owner, field) {
  const allowed = REFERENCE_TARGETS[`${owner}.${field}`]
  if (!value || value._type !== 'reference') return error(where, `"${field}" must be a reference`)
  const target = byId.get(value._ref)
  if (target && allowed && !allowed.includes(target._type)) {
    error(where, `"${field}" must reference ${allowed.join('/')}, got ${target._type}`)
  }
}

/** Calls fn(obj, path) for every object in value (documents, nested objects, array items). */
function walkObjects(value, path, fn) {
  if (Array.isArray(value)) value.forEach((v, i) => walkObjects(v, `${path}[${i}]`, fn))
  else if (value !== null && typeof value === 'object') {
    fn(value, path)
    for (const [k, v] of Object.entries(value)) walkObjects(v, `${path}.${k}`, fn)
  }
}

/** Copy strings of a document: skips system keys, URLs/links and slugs. */
function collectStrings(value, out = []) {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!k.startsWith('_') && !['url', 'href', 'ctaHref', 'applyUrl', 'blogUrl', 'faqUrl', 'newsUrl', 'slug', 'markDefs'].includes(k)) collectStrings(v, out)
    }
  }
  return out
}

function checkPortableText(where, body) {
  if (!Array.isArray(body)) return error(where, 'body must be an array of blocks')
  body.forEach((b, i) => {
    const at = `${where}.body[${i}]`
    if (b._type !== 'block') return error(at, `unexpected _type "${b._type}" in body`)
    if (!BLOCK_STYLES.has(b.style)) error(at, `style "${b.style}" is not allowed`)
    if (b.listItem !== undefined) {
      if (!LIST_TYPES.has(b.listItem)) error(at, `listItem "${b.listItem}" is not allowed`)
      if (!Number.isInteger(b.level) || b.level < 1) error(at, 'list item needs an integer level >= 1')
    }
    if (!Array.isArray(b.markDefs)) error(at, 'markDefs must be an array')
    const defKeys = new Set()
    for (const def of b.markDefs ?? []) {
      defKeys.add(def._key)
      if (def._type !== 'link') error(at, `unknown annotation "${def._type}"`)
      else if (typeof def.href !== 'string' ||
               !(isPathOrUrl(def.href) || /^mailto:[^\s@]+@[^\s@]+$/.test(def.href) || /^tel:[+\d-]+$/.test(def.href))) {
        error(at, `invalid link href "${def.href}"`)
      }
    }
    if (!Array.isArray(b.children) || b.children.length === 0) return error(at, 'block without children')
    const used = new Set()
    let text = ''
    b.children.forEach((span, j) => {
      const sat = `${at}.children[${j}]`
      if (span._type !== 'span') return error(sat, `unexpected child _type "${span._type}"`)
      if (typeof span.text !== 'string') error(sat, 'span without text')
      text += span.text ?? ''
      if (!Array.isArray(span.marks)) return error(sat, 'span.marks must be an array')
      for (const mark of span.marks) {
        if (DECORATORS.has(mark)) continue
        if (defKeys.has(mark)) used.add(mark)
        else error(sat, `mark "${mark}" is neither an allowed decorator nor a markDef key`)
      }
    })
    for (const k of defKeys) if (!used.has(k)) warn(at, `markDef "${k}" is not used by any span`)
    if (text.trim() === '') error(at, 'empty block')
    if (/lorem ipsum|TODO|TBD|FIXME/i.test(text)) error(at, 'placeholder text')
  })
}

const isAsset = (doc) => doc._type === 'sanity.imageAsset'

for (const {doc, where} of docs) {
  if (isAsset(doc)) continue // section 5
  checkObject(where, doc, doc._type)
  if (doc._type === 'siteSettings') {
    if (doc._id !== 'siteSettings') error(where, 'siteSettings must have _id "siteSettings"')
    if (doc.postalCode && !POSTAL_CODE_PATTERN.test(doc.postalCode)) error(where, 'postalCode must look like 150-0002')
    if (doc.phone && !PHONE_PATTERN.test(doc.phone)) error(where, 'phone must look like 03-1234-5678')
    if (doc.email && !EMAIL_PATTERN.test(doc.email)) error(where, 'invalid email')
    if (doc.blogUrl && !isHttpUrl(doc.blogUrl)) error(where, 'blogUrl must be an http(s) URL')
    for (const f of ['faqUrl', 'newsUrl']) {
      if (doc[f] && !isPathOrUrl(doc[f])) error(where, `${f} must be a path or an http(s) URL`)
    }
    doc.footerLinks?.forEach((l, i) => checkReference(`${where}.footerLinks[${i}]`, l.page, 'footerLink', 'page'))
    const categoryNames = (doc.supportCategories ?? []).map((c) => c.name)
    if (new Set(categoryNames).size !== categoryNames.length) error(where, 'supportCategories: duplicate category name')
    doc.supportCategories?.forEach((c, i) => {
      const titles = Array.isArray(c.titles) ? c.titles : []
      if (titles.length === 0) error(`${where}.supportCategories[${i}]`, 'titles must hold at least one title')
      if (titles.some((t) => typeof t !== 'string' || t.trim() === '')) error(`${where}.supportCategories[${i}]`, 'titles must be non-empty strings')
      if (new Set(titles).size !== titles.length) error(`${where}.supportCategories[${i}]`, 'duplicate title')
    })
  }
  if (doc._type === 'legalPage') {
    if (doc.slug?._type !== 'slug' || typeof doc.slug?.current !== 'string') error(where, 'slug must be {_type: "slug", current}')
    else if (!SLUG_PATTERN.test(doc.slug.current)) error(where, `invalid slug "${doc.slug.current}"`)
    if (doc.updatedAt && !isDate(doc.updatedAt)) error(where, 'updatedAt must be a YYYY-MM-DD date')
    if (doc.body) checkPortableText(where, doc.body)
  }
  if (doc._type === 'landingPage') {
    if (!LANDING_IDS.includes(doc._id)) error(where, `landing page _id must be one of ${LANDING_IDS.join(', ')}`)
    checkSections(where, doc.sections, LANDING_SECTION_TYPES)
  }
  if (doc._type === 'planPage') {
    if (!PLAN_CATEGORIES.includes(doc.category)) error(where, `category must be one of ${PLAN_CATEGORIES.join(', ')}`)
    checkSections(where, doc.sections, PLAN_PAGE_SECTION_TYPES)
  }
  if (doc._type === 'planTablePage') {
    if ((doc.images?.length ?? 0) < 1 || doc.images?.length > 4) error(where, 'images must hold 1 to 4 images')
  }
  if (doc._type === 'campaignPage') {
    if (doc.body) checkPortableText(where, doc.body)
    if (doc.applyUrl && !/^https:\/\/[^\s]+$/.test(doc.applyUrl)) error(where, 'applyUrl must be an https:// URL')
    const product = doc.product ?? {}
    for (const f of ['piecesPerBox', 'priceBeforeTax', 'limitPerHousehold']) {
      if (product[f] !== undefined && !(Number.isInteger(product[f]) && product[f] > 0)) error(`${where}.product`, `${f} must be a positive integer`)
    }
  }
  if (doc._type === 'timelinePage') {
    if (!TIMELINE_AUDIENCES.includes(doc.audience)) error(where, `audience must be one of ${TIMELINE_AUDIENCES.join(', ')}`)
    if ((doc.steps?.length ?? 0) < 3) error(where, 'a timeline needs at least 3 steps')
  }
  if (doc._type === 'faqPage') {
    const audiences = (doc.groups ?? []).map((g) => g.audience)
    for (const a of audiences) if (!FAQ_AUDIENCES.includes(a)) error(where, `unknown FAQ audience "${a}"`)
    if (new Set(audiences).size !== audiences.length) error(where, 'duplicate FAQ audience')
  }
  if (doc._type === 'newsPost') {
    if (doc.slug?._type !== 'slug' || typeof doc.slug?.current !== 'string') error(where, 'slug must be {_type: "slug", current}')
    else if (!SLUG_PATTERN.test(doc.slug.current)) error(where, `invalid slug "${doc.slug.current}"`)
    if (doc.publishedAt && !isIsoDateTime(doc.publishedAt)) error(where, 'publishedAt must be an ISO date-time')
    if (doc.body) checkPortableText(where, doc.body)
  }
  if (SINGLETONS.includes(doc._type) && doc._id !== doc._type) error(where, `${doc._type} is a singleton: _id must be "${doc._type}"`)

  // Decision 6: plan option ids exist and fit the block that names them.
  walkObjects(doc, where, (obj, at) => {
    if (!('planOptionIds' in obj)) return
    const ids = obj.planOptionIds
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
      return error(at, 'planOptionIds must be a non-empty array of strings')
    }
    const group = PLAN_GROUP_OF[obj._type]
    for (const id of ids) {
      if (!PLAN_OPTION_ID_PATTERN.test(id)) error(at, `unknown plan option id "${id}"`)
      else if (group && !group.test(id)) error(at, `plan option id "${id}" does not fit a ${obj._type}`)
    }
    if (new Set(ids).size !== ids.length) error(at, 'duplicate plan option ids')
  })

  // Decision 6: no amount as text outside the legal pages, except the two fixed fees as written.
  if (doc._type !== 'legalPage') {
    for (const text of collectStrings(doc)) {
      if (PRICE_TEXT_PATTERN.test(withoutKnownFees(text))) error(where, `price written as text: "${text.slice(0, 60)}…"`)
    }
  }
  for (const text of collectStrings(doc)) {
    if (/lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b/i.test(text)) error(where, `placeholder text: "${text.slice(0, 60)}"`)
  }
}

// --- 5. Image assets and image fields ---------------------------------------------------------
const files = existsSync(imagesDir) ? readdirSync(imagesDir) : []
const assetFiles = new Set()
for (const {doc, where} of docs.filter(({doc}) => isAsset(doc))) {
  requireFields(where, doc, 'sanity.imageAsset')
  const m = IMAGE_ASSET_ID.exec(doc._id)
  if (!m) {
    error(where, 'asset _id must look like image-<sha1>-<w>x<h>-<ext>')
    continue
  }
  const [, sha1, w, h, ext] = m
  const fileName = `${sha1}-${w}x${h}.${ext}`
  assetFiles.add(fileName)
  if (doc.assetId !== sha1 || doc.sha1hash !== sha1) error(where, 'assetId and sha1hash must equal the sha1 in the _id')
  if (doc.extension !== ext) error(where, `extension must be "${ext}"`)
  if (ext === 'svg' && doc.mimeType !== 'image/svg+xml') error(where, 'mimeType must be image/svg+xml')
  if (doc.path !== `images/localdev/production/${fileName}`) error(where, `path must be images/localdev/production/${fileName}`)
  if (doc.url !== `https://cdn.sanity.io/images/localdev/production/${fileName}`) error(where, 'url must be the CDN url of the file')
  const dims = doc.metadata?.dimensions
  if (dims?.width !== Number(w) || dims?.height !== Number(h)) error(where, `metadata.dimensions must be ${w}×${h}`)
  else if (Math.abs(dims.aspectRatio - Number(w) / Number(h)) > 1e-9) error(where, 'metadata.dimensions.aspectRatio is wrong')
  if (typeof doc.originalFilename !== 'string' || !doc.originalFilename.endsWith(`.${ext}`)) error(where, 'originalFilename must end with the extension')
  const path = join(imagesDir, fileName)
  if (!existsSync(path)) {
    error(where, `file seed/images/${fileName} is missing`)
    continue
  }
  const bytes = readFileSync(path)
  if (createHash('sha1').update(bytes).digest('hex') !== sha1) error(where, `seed/images/${fileName}: content does not match its sha1`)
  if (doc.size !== bytes.length) error(where, `size is ${doc.size}, the file has ${bytes.length} bytes`)
  if (ext === 'svg') {
    const svg = bytes.toString('utf8')
    const vb = /<svg\b[^>]*\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg)
    if (!vb || Number(vb[1]) !== Number(w) || Number(vb[2]) !== Number(h)) error(where, `viewBox of ${fileName} is not ${w}×${h}`)
    if (/<script\b|\son\w+\s*=|<foreignObject\b|javascript:/i.test(svg)) error(where, `${fileName} contains script`)
    if (/\b(?:href|xlink:href)\s*=\s*"(?!#)/i.test(svg)) error(where, `${fileName} references an external resource`)
  }
}
for (const f of files) if (!assetFiles.has(f)) error(`seed/images/${f}`, 'file without a sanity.imageAsset document')

let imageCount = 0
for (const {doc, where} of docs.filter(({doc}) => !isAsset(doc))) {
  walkObjects(doc, where, (obj, at) => {
    if (obj._type !== 'image') return
    imageCount += 1
    const target = byId.get(obj.asset?._ref)
    if (obj.asset?._type !== 'reference' || !target) error(at, 'image without an existing asset reference')
    else if (target._type !== 'sanity.imageAsset') error(at, `image asset must be a sanity.imageAsset, got ${target._type}`)
    if (typeof obj.alt !== 'string' || obj.alt.trim() === '') error(at, 'image without alt text')
    else if (obj.alt.length > 120) warn(at, `alt text is ${obj.alt.length} characters (> 120)`)
  })
}

// --- 6. Seed-specific expectations ------------------------------------------------------------
const ofType = (t) => docs.map((d) => d.doc).filter((d) => d._type === t)
for (const t of SINGLETONS) if (ofType(t).length !== 1) error('seed', `expected exactly one ${t} document`)

const slugs = ofType('legalPage').map((d) => d.slug?.current)
if (new Set(slugs).size !== slugs.length) error('seed', 'legal page slugs are not unique')
for (const s of ['terms', 'tokushoho', 'privacy']) {
  if (!slugs.includes(s)) error('seed', `missing legalPage with slug "${s}"`)
}

const settings = byId.get('siteSettings')
if (settings) {
  const order = (settings.footerLinks ?? []).map((l) => byId.get(l.page?._ref)?.slug?.current)
  if (order.join(',') !== 'terms,tokushoho,privacy') {
    error('siteSettings.footerLinks', `expected terms, tokushoho, privacy; got ${order.join(', ')}`)
  }
}

const home = byId.get('landing-home')
if (!home) error('seed', 'missing landingPage "landing-home"')
else {
  if (home._type !== 'landingPage') error('landing-home', 'must be a landingPage')
  const types = (home.sections ?? []).map((s) => s._type)
  if (types.join(',') !== SECTION_TYPES.join(',')) {
    error('landing-home.sections', `expected ${SECTION_TYPES.join(', ')}; got ${types.join(', ')}`)
  }
  const carousel = home.sections?.find((s) => s._type === 'bannerCarousel')
  if (carousel && carousel.slides?.length !== 3) error('landing-home', 'bannerCarousel should have 3 slides')
  const faq = home.sections?.find((s) => s._type === 'faqSection')
  if (faq && (faq.items?.length ?? 0) < 6) error('landing-home', 'faqSection should have at least 6 questions')
}
for (const id of LANDING_IDS.slice(1)) {
  const page = byId.get(id)
  if (!page) {
    error('seed', `missing landingPage "${id}"`)
    continue
  }
  const types = (page.sections ?? []).map((s) => s._type)
  if (types[0] !== 'bannerCarousel') error(id, 'the first section must be the bannerCarousel')
  for (const t of SECTION_TYPES) if (!types.includes(t)) error(id, `missing a ${t} section (variants use the same section types as landing-home)`)
}

const categories = ofType('planPage').map((d) => d.category)
if (new Set(categories).size !== categories.length) error('seed', 'plan page categories are not unique')
for (const c of PLAN_CATEGORIES) if (!categories.includes(c)) error('seed', `missing planPage for category "${c}"`)

const audiences = ofType('timelinePage').map((d) => d.audience)
if (new Set(audiences).size !== audiences.length) error('seed', 'timeline audiences are not unique')
for (const a of TIMELINE_AUDIENCES) if (!audiences.includes(a)) error('seed', `missing timelinePage for audience "${a}"`)

const faqPage = byId.get('faqPage')
if (faqPage) {
  for (const a of FAQ_AUDIENCES) if (!faqPage.groups?.some((g) => g.audience === a)) error('faqPage', `missing FAQ group "${a}"`)
  const questions = (faqPage.groups ?? []).reduce((n, g) => n + (g.items?.length ?? 0), 0)
  if (questions < 10) error('faqPage', `expected at least 10 questions, got ${questions}`)
}

const newsSlugs = ofType('newsPost').map((d) => d.slug?.current)
if (new Set(newsSlugs).size !== newsSlugs.length) error('seed', 'news slugs are not unique')
if (newsSlugs.length < 3) error('seed', 'expected at least 3 news posts')

const campaign = byId.get('campaignPage')
if (campaign) {
  const {piecesPerBox, priceBeforeTax, limitPerHousehold} = campaign.product ?? {}
  if (piecesPerBox !== 50 || priceBeforeTax !== 1500 || limitPerHousehold !== 1) {
    error('campaignPage.product', 'expected 50 pieces per box, 1500 before tax, 1 box per household (spec §9)')
  }
}

// --- Report ------------------------------------------------------------------------------------
const name = relative(process.cwd(), file) || file
for (const w of warnings) console.warn(`warning  ${w}`)
for (const e of errors) console.error(`error    ${e}`)
const counts = Object.entries(
  docs.reduce((acc, {doc}) => ({...acc, [doc._type]: (acc[doc._type] ?? 0) + 1}), {}),
).map(([t, n]) => `${t}×${n}`).join(', ')
console.log(
  `${name}: ${docs.length} documents (${counts}), ${references.length} references, ${imageCount} image fields, ` +
    `${errors.length} error(s), ${warnings.length} warning(s)`,
)
process.exit(errors.length > 0 ? 1 : 0)
