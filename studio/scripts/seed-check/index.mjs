// Offline checks of a Sanity NDJSON export (the seed dataset the site builds from without a
// Sanity project): every document against the Studio's schema (schema.mjs), the Studio's own
// validation rules (rules.mjs), the image assets and their files, and what the seed must hold for
// the site's pages. `npm run check-seed` in studio/ prints the result; the unit tests run it in CI.

import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

import {FAQ_AUDIENCES, LANDING_PAGE_PATHS, LEGAL_SLUGS, PLAN_PAGE_CATEGORIES, SINGLETON_TYPES, TIMELINE_AUDIENCES} from '@musio/content-rules'

import {checkContentRules, isIsoDateTime, walkObjects} from './rules.mjs'
import {checkDocument} from './schema.mjs'

const DOC_ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/
const IMAGE_ASSET_ID = /^image-([0-9a-f]{40})-(\d+)x(\d+)-([a-z0-9]+)$/
/** The section types of landing-home, in order; the other landing pages hold each of them too. */
const HOME_SECTION_TYPES = ['bannerCarousel', 'featurePoints', 'lessonContents', 'parentVoices', 'priceOverview', 'functionList', 'mediaCoverage', 'faqSection']

/** Parses NDJSON text; a line that is not a JSON object is an error. */
export function parseNdjson(text, error) {
  const lines = text.split('\n')
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
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return error(where, 'not a JSON object')
    docs.push({doc, where: `${where} (${doc._id ?? 'no _id'})`})
  })
  return docs
}

/**
 * @param {{text: string, schema: Map<string, any>, imagesDir: string}} input
 * @returns {{errors: string[], warnings: string[], documents: number, imageFields: number}}
 */
export function checkSeed({text, schema, imagesDir}) {
  const errors = []
  const warnings = []
  const error = (where, message) => errors.push(`${where}: ${message}`)
  const warn = (where, message) => warnings.push(`${where}: ${message}`)

  const docs = parseNdjson(text, error)
  const byId = new Map()
  for (const {doc, where} of docs) {
    checkMetadata(doc, where, error, warn)
    if (byId.has(doc._id)) error(where, `duplicate _id "${doc._id}"`)
    else byId.set(doc._id, doc)
  }
  const ctx = {byId, error, warn}
  for (const {doc, where} of docs) {
    checkDocument(schema, doc, where, ctx)
    if (doc._type !== 'sanity.imageAsset') checkContentRules(doc, where, ctx)
  }
  const imageFields = checkImages(docs, imagesDir, error)
  checkSeedExpectations(docs, byId, error)
  return {errors, warnings, documents: docs.length, imageFields}
}

function checkMetadata(doc, where, error, warn) {
  if (typeof doc._id !== 'string' || !DOC_ID_PATTERN.test(doc._id)) error(where, 'invalid _id')
  else if (doc._id.startsWith('drafts.')) warn(where, 'draft document in seed')
  if (typeof doc._rev !== 'string' || doc._rev === '') error(where, 'missing _rev')
  for (const field of ['_createdAt', '_updatedAt']) if (!isIsoDateTime(doc[field])) error(where, `${field} is not an ISO date-time`)
  if (isIsoDateTime(doc._createdAt) && isIsoDateTime(doc._updatedAt) && Date.parse(doc._updatedAt) < Date.parse(doc._createdAt)) {
    error(where, '_updatedAt is before _createdAt')
  }
}

/** Each asset document matches its file in seed/images (name, sha1, size, viewBox), and no file lacks one. */
function checkImages(docs, imagesDir, error) {
  const assetFiles = new Set()
  for (const {doc, where} of docs.filter(({doc}) => doc._type === 'sanity.imageAsset')) {
    const match = IMAGE_ASSET_ID.exec(doc._id)
    if (!match) {
      error(where, 'asset _id must look like image-<sha1>-<w>x<h>-<ext>')
      continue
    }
    const [, sha1, w, h, ext] = match
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
    const file = join(imagesDir, fileName)
    if (!existsSync(file)) {
      error(where, `file seed/images/${fileName} is missing`)
      continue
    }
    const bytes = readFileSync(file)
    if (createHash('sha1').update(bytes).digest('hex') !== sha1) error(where, `seed/images/${fileName}: content does not match its sha1`)
    if (doc.size !== bytes.length) error(where, `size is ${doc.size}, the file has ${bytes.length} bytes`)
    if (ext === 'svg') {
      const svg = bytes.toString('utf8')
      const viewBox = /<svg\b[^>]*\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg)
      if (!viewBox || Number(viewBox[1]) !== Number(w) || Number(viewBox[2]) !== Number(h)) error(where, `viewBox of ${fileName} is not ${w}×${h}`)
      if (/<script\b|\son\w+\s*=|<foreignObject\b|javascript:/i.test(svg)) error(where, `${fileName} contains script`)
      if (/\b(?:href|xlink:href)\s*=\s*"(?!#)/i.test(svg)) error(where, `${fileName} references an external resource`)
    }
  }
  const files = existsSync(imagesDir) ? readdirSync(imagesDir) : []
  for (const file of files) if (!assetFiles.has(file)) error(`seed/images/${file}`, 'file without a sanity.imageAsset document')
  let imageFields = 0
  for (const {doc, where} of docs) walkObjects(doc, where, (obj) => (imageFields += obj._type === 'image' ? 1 : 0))
  return imageFields
}

/** What the site's pages need from the seed: every page document, in the expected shape. */
function checkSeedExpectations(docs, byId, error) {
  const ofType = (type) => docs.map(({doc}) => doc).filter((doc) => doc._type === type)
  for (const type of SINGLETON_TYPES) if (ofType(type).length !== 1) error('seed', `expected exactly one ${type} document`)
  const unique = (values, what) => new Set(values).size === values.length || error('seed', `${what} are not unique`)

  const legalSlugs = ofType('legalPage').map((doc) => doc.slug?.current)
  unique(legalSlugs, 'legal page slugs')
  for (const slug of LEGAL_SLUGS) if (!legalSlugs.includes(slug)) error('seed', `missing legalPage with slug "${slug}"`)
  const footer = (byId.get('siteSettings')?.footerLinks ?? []).map((link) => byId.get(link.page?._ref)?.slug?.current)
  if (footer.join(',') !== LEGAL_SLUGS.join(',')) error('siteSettings.footerLinks', `expected ${LEGAL_SLUGS.join(', ')}; got ${footer.join(', ')}`)

  for (const id of Object.keys(LANDING_PAGE_PATHS)) {
    const page = byId.get(id)
    if (page?._type !== 'landingPage') {
      error('seed', `missing landingPage "${id}"`)
      continue
    }
    const types = (page.sections ?? []).map((section) => section._type)
    if (id === 'landing-home' && types.join(',') !== HOME_SECTION_TYPES.join(',')) error(id, `expected sections ${HOME_SECTION_TYPES.join(', ')}; got ${types.join(', ')}`)
    if (types[0] !== 'bannerCarousel') error(id, 'the first section must be the bannerCarousel')
    for (const type of HOME_SECTION_TYPES) if (!types.includes(type)) error(id, `missing a ${type} section`)
  }
  const home = byId.get('landing-home')
  if (home?.sections?.find((section) => section._type === 'bannerCarousel')?.slides?.length !== 3) error('landing-home', 'the bannerCarousel should have 3 slides')
  if ((home?.sections?.find((section) => section._type === 'faqSection')?.items?.length ?? 0) < 6) error('landing-home', 'the faqSection should have at least 6 questions')

  const categories = ofType('planPage').map((doc) => doc.category)
  unique(categories, 'plan page categories')
  for (const category of PLAN_PAGE_CATEGORIES) if (!categories.includes(category)) error('seed', `missing planPage for category "${category}"`)
  const audiences = ofType('timelinePage').map((doc) => doc.audience)
  unique(audiences, 'timeline audiences')
  for (const audience of TIMELINE_AUDIENCES) if (!audiences.includes(audience)) error('seed', `missing timelinePage for audience "${audience}"`)

  const faqPage = byId.get('faqPage')
  for (const audience of FAQ_AUDIENCES) if (!faqPage?.groups?.some((group) => group.audience === audience)) error('faqPage', `missing FAQ group "${audience}"`)
  const questions = (faqPage?.groups ?? []).reduce((n, group) => n + (group.items?.length ?? 0), 0)
  if (questions < 10) error('faqPage', `expected at least 10 questions, got ${questions}`)

  const newsSlugs = ofType('newsPost').map((doc) => doc.slug?.current)
  unique(newsSlugs, 'news slugs')
  if (newsSlugs.length < 3) error('seed', 'expected at least 3 news posts')

  const {piecesPerBox, priceBeforeTax, limitPerHousehold} = byId.get('campaignPage')?.product ?? {}
  if (piecesPerBox !== 50 || priceBeforeTax !== 1500 || limitPerHousehold !== 1) {
    error('campaignPage.product', 'expected 50 pieces per box, 1500 yen before tax, 1 box per household (spec §9)')
  }
}
