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
//
// The patterns below mirror src/lib/validation.ts and the schema's required fields — keep in sync.

import {readFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

const studioDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const file = process.argv[2] ?? join(studioDir, 'seed', 'production.ndjson')

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

// --- Schema mirror: required fields per type (fields marked "?" in the contract are optional) --
const REQUIRED = {
  siteSettings: ['serviceName', 'companyName', 'postalCode', 'companyAddress', 'phone', 'email',
    'officeHours', 'supportReplyTime', 'blogUrl', 'faqUrl', 'newsUrl', 'footerLinks'],
  legalPage: ['title', 'slug', 'updatedAt', 'body'],
  landingPage: ['title', 'seo', 'sections'],
  seo: ['title', 'description'],
  footerLink: ['label', 'page'],
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
}
/** Array fields whose members are objects of one named type. */
const ARRAY_MEMBER_TYPE = {
  'siteSettings.footerLinks': 'footerLink',
  'bannerCarousel.slides': 'bannerSlide',
  'featurePoints.points': 'featurePoint',
  'lessonContents.items': 'lessonItem',
  'parentVoices.voices': 'parentVoice',
  'functionList.functions': 'functionItem',
  'mediaCoverage.items': 'mediaItem',
  'faqSection.items': 'faqItem',
}
const SECTION_TYPES = ['bannerCarousel', 'featurePoints', 'lessonContents', 'parentVoices',
  'priceOverview', 'functionList', 'mediaCoverage', 'faqSection']
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
    requireFields(at, item, memberType)
  })
}

function checkReference(where, value, owner, field) {
  const allowed = REFERENCE_TARGETS[`${owner}.${field}`]
  if (!value || value._type !== 'reference') return error(where, `"${field}" must be a reference`)
  const target = byId.get(value._ref)
  if (target && allowed && !allowed.includes(target._type)) {
    error(where, `"${field}" must reference ${allowed.join('/')}, got ${target._type}`)
  }
}

function collectStrings(value, out = []) {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!k.startsWith('_')) collectStrings(v, out)
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

for (const {doc, where} of docs) {
  requireFields(where, doc, doc._type)
  if (doc._type === 'siteSettings') {
    if (doc._id !== 'siteSettings') error(where, 'siteSettings must have _id "siteSettings"')
    if (doc.postalCode && !POSTAL_CODE_PATTERN.test(doc.postalCode)) error(where, 'postalCode must look like 150-0002')
    if (doc.phone && !PHONE_PATTERN.test(doc.phone)) error(where, 'phone must look like 03-1234-5678')
    if (doc.email && !EMAIL_PATTERN.test(doc.email)) error(where, 'invalid email')
    if (doc.blogUrl && !isHttpUrl(doc.blogUrl)) error(where, 'blogUrl must be an http(s) URL')
    for (const f of ['faqUrl', 'newsUrl']) {
      if (doc[f] && !isPathOrUrl(doc[f])) error(where, `${f} must be a path or an http(s) URL`)
    }
    if (doc.footerLinks) {
      checkObjectArray(where, 'siteSettings', 'footerLinks', doc.footerLinks)
      doc.footerLinks.forEach((l, i) => checkReference(`${where}.footerLinks[${i}]`, l.page, 'footerLink', 'page'))
    }
  }
  if (doc._type === 'legalPage') {
    if (doc.slug?._type !== 'slug' || typeof doc.slug?.current !== 'string') error(where, 'slug must be {_type: "slug", current}')
    else if (!SLUG_PATTERN.test(doc.slug.current)) error(where, `invalid slug "${doc.slug.current}"`)
    if (doc.updatedAt && !isDate(doc.updatedAt)) error(where, 'updatedAt must be a YYYY-MM-DD date')
    if (doc.body) checkPortableText(where, doc.body)
  }
  if (doc._type === 'landingPage') {
    if (doc.seo) {
      if (doc.seo._type !== 'seo') error(`${where}.seo`, '_type must be "seo"')
      requireFields(`${where}.seo`, doc.seo, 'seo')
      if ((doc.seo.title ?? '').length > 60) warn(`${where}.seo`, `title is ${doc.seo.title.length} characters (> 60)`)
      if ((doc.seo.description ?? '').length > 160) warn(`${where}.seo`, `description is ${doc.seo.description.length} characters (> 160)`)
    }
    for (const [i, s] of (doc.sections ?? []).entries()) {
      const at = `${where}.sections[${i}]`
      if (!SECTION_TYPES.includes(s._type)) {
        error(at, `unknown section type "${s._type}"`)
        continue
      }
      requireFields(at, s, s._type)
      for (const [field, value] of Object.entries(s)) {
        if (ARRAY_MEMBER_TYPE[`${s._type}.${field}`]) checkObjectArray(at, s._type, field, value)
      }
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
      if (s._type === 'priceOverview') {
        const ids = s.planOptionIds ?? []
        if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) error(at, 'planOptionIds must be an array of strings')
        else {
          for (const id of ids) if (!PLAN_OPTION_ID_PATTERN.test(id)) error(at, `unknown plan option id "${id}"`)
          if (new Set(ids).size !== ids.length) error(at, 'duplicate plan option ids')
        }
      }
      if (s._type === 'mediaCoverage') {
        s.items?.forEach((item, j) => {
          if (item.publishedAt && !isDate(item.publishedAt)) error(`${at}.items[${j}]`, 'publishedAt must be a YYYY-MM-DD date')
          if (item.url !== undefined && !isHttpUrl(item.url)) error(`${at}.items[${j}]`, 'url must be an http(s) URL')
        })
      }
    }
    // Decision 6: no price as text anywhere in landing page copy.
    for (const text of collectStrings({seo: doc.seo, sections: doc.sections})) {
      if (PRICE_TEXT_PATTERN.test(text)) error(where, `price written as text: "${text.slice(0, 60)}…"`)
    }
  }
  for (const text of collectStrings(doc)) {
    if (/lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b/i.test(text)) error(where, `placeholder text: "${text.slice(0, 60)}"`)
  }
}

// --- 5. Seed-specific expectations ------------------------------------------------------------
const ofType = (t) => docs.map((d) => d.doc).filter((d) => d._type === t)
if (ofType('siteSettings').length !== 1) error('seed', 'expected exactly one siteSettings document')

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

// --- Report ------------------------------------------------------------------------------------
const name = relative(process.cwd(), file) || file
for (const w of warnings) console.warn(`warning  ${w}`)
for (const e of errors) console.error(`error    ${e}`)
const counts = Object.entries(
  docs.reduce((acc, {doc}) => ({...acc, [doc._type]: (acc[doc._type] ?? 0) + 1}), {}),
).map(([t, n]) => `${t}×${n}`).join(', ')
console.log(
  `${name}: ${docs.length} documents (${counts}), ${references.length} references, ` +
    `${errors.length} error(s), ${warnings.length} warning(s)`,
)
process.exit(errors.length > 0 ? 1 : 0)
