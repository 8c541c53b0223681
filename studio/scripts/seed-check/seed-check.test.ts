/**
 * The seed checker over the real seed (no errors) and over copies of it with one defect each:
 * every row must be reported. Required fields, allowed values, members and references come from
 * the Studio's schema (schema.json), never from a list written here.
 */
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {checkSeed} from './index.mjs'
import {loadSchema} from './schema.mjs'

type Doc = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- seed documents are untyped JSON

const studio = path.resolve(import.meta.dirname, '../..')
const seedFile = path.join(studio, 'seed', 'production.ndjson')
const text = readFileSync(seedFile, 'utf8')
const schema = loadSchema(path.join(studio, 'schema.json'))
const imagesDir = path.join(studio, 'seed', 'images')

/** The seed with one change applied to its documents (by _id). */
function changed(change: (docs: Map<string, Doc>) => void): string {
  const docs = new Map<string, Doc>(
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Doc)
      .map((doc) => [doc._id as string, doc]),
  )
  change(docs)
  return [...docs.values()].map((doc) => JSON.stringify(doc)).join('\n') + '\n'
}

const section = (docs: Map<string, Doc>, id: string, type: string): Doc => docs.get(id)!.sections.find((s: Doc) => s._type === type)
const errorsOf = (seed: string, dir = imagesDir) => checkSeed({text: seed, schema, imagesDir: dir}).errors

describe('the seed dataset', () => {
  it('passes every check', () => {
    const result = checkSeed({text, schema, imagesDir})
    expect(result.errors).toEqual([])
    expect(result.warnings).toEqual([])
    expect(result.documents).toBeGreaterThan(30)
    expect(result.imageFields).toBeGreaterThan(30)
  })
})

describe('the seed checker reports', () => {
  it.each<[string, (docs: Map<string, Doc>) => void, RegExp]>([
    ['a required field left out', (d) => delete d.get('siteSettings')!.serviceName, /siteSettings.*required field "serviceName"/],
    ['a required text left empty', (d) => (section(d, 'landing-home', 'featurePoints').heading = '  '), /required field "heading"/],
    ['a required nested field', (d) => delete d.get('landing-kids')!.seo.description, /seo: required field "description"/],
    ['a required list left empty', (d) => (d.get('faqPage')!.groups[0].items = []), /required field "items"/],
    ['a value the schema does not offer', (d) => (d.get('plan-kodomo')!.category = 'kids'), /must be one of kodomo, otona, esatj, got "kids"/],
    ['a section type the page does not allow', (d) => d.get('plan-otona')!.sections.push({...section(d, 'landing-home', 'featurePoints'), _key: 'x1'}), /"featurePoints" is not allowed here/],
    ['a field the schema does not know', (d) => (section(d, 'landing-home', 'featurePoints').points[0].subtitle = '追加'), /field "subtitle" is not in the schema/],
    ['an object without its _type', (d) => delete d.get('timeline-kids')!.cta._type, /missing _type "callToAction"/],
    ['a number written as text', (d) => (d.get('campaignPage')!.product.piecesPerBox = '50'), /piecesPerBox: must be a number/],
    ['a duplicate _key', (d) => (d.get('faqPage')!.groups[1]._key = d.get('faqPage')!.groups[0]._key), /duplicate _key/],
    ['an array item without _key', (d) => delete d.get('timeline-kids')!.steps[0]._key, /array item without _key/],
    ['a reference to a missing document', (d) => (d.get('siteSettings')!.footerLinks[0].page._ref = 'legal-none'), /reference to missing document "legal-none"/],
    ['a reference to the wrong type', (d) => (d.get('siteSettings')!.footerLinks[0].page._ref = 'landing-home'), /must reference a legalPage, got a landingPage/],
    ['an image whose asset is missing', (d) => (section(d, 'plan-kodomo', 'kidsPlanBlock').image.asset._ref = 'image-0000000000000000000000000000000000000000-1x1-svg'), /reference to missing document/],
    ['an image without alt text', (d) => delete section(d, 'plan-kodomo', 'kidsPlanBlock').image.alt, /image without alt text/],
    ['a price written as text', (d) => (section(d, 'plan-kodomo', 'kidsPlanBlock').lead = '月々3,500円からはじめられます'), /price written as text/],
    ['a fixed fee written another way', (d) => (section(d, 'plan-kodomo', 'kidsPlanBlock').lead = '解約時は送料2,600円がかかります'), /price written as text/],
    ['an unknown plan option id', (d) => (section(d, 'plan-kodomo', 'basicPlanBlock').planOptionIds = ['ME_Plan_9']), /unknown plan option id "ME_Plan_9"/],
    ['a plan the block may not name', (d) => (section(d, 'plan-kodomo', 'basicPlanBlock').planOptionIds = ['ESAT-J_Plan_1']), /"ESAT-J_Plan_1" does not fit a basicPlanBlock/],
    ['a business plan in the Hawaii course', (d) => (section(d, 'landing-adult', 'adultPlansBlock').courses[0].planOptionIds = ['adult_business_4']), /"adult_business_4" does not fit a adultCourse/],
    ['a link that is neither a path nor a URL', (d) => (d.get('timeline-kids')!.cta.href = 'javascript:alert(1)'), /invalid href "javascript:alert\(1\)"/],
    ['a legal slug the application uses', (d) => (d.get('legal-privacy')!.slug.current = 'mypage'), /slug "mypage" is a path of the application/],
    ['a Portable Text mark without its definition', (d) => (d.get('legal-terms')!.body[0].children[0].marks = ['nolink']), /mark "nolink" is neither/],
    ['a list item without a level', (d) => delete d.get('legal-terms')!.body.find((b: Doc) => b.listItem).level, /needs an integer level/],
    ['a block style the Studio does not offer', (d) => (d.get('legal-terms')!.body[0].style = 'blockquote'), /must be one of normal, h2, h3/],
    ['placeholder copy', (d) => (d.get('errorPage')!.body = 'TODO: 本文'), /placeholder text/],
    ['a second singleton', (d) => d.set('faqPage-2', {...d.get('faqPage')!, _id: 'faqPage-2'}), /faqPage is a singleton|exactly one faqPage/],
    ['a landing page under an unknown id', (d) => d.set('landing-other', {...d.get('landing-kids')!, _id: 'landing-other'}), /landing page _id must be one of/],
    ['a missing plan page', (d) => d.delete('plan-esatj'), /missing planPage for category "esatj"/],
    ['a timeline with too few steps', (d) => d.get('timeline-adult')!.steps.splice(2), /at least 3 steps/],
  ])('%s', (_, change, expected) => {
    const errors = errorsOf(changed(change))
    expect(errors.some((message) => expected.test(message)), errors.join('\n') || '(no errors)').toBe(true)
  })

  it('an asset whose file is missing', () => {
    const errors = errorsOf(text, mkdtempSync(path.join(tmpdir(), 'seed-images-')))
    expect(errors.filter((message) => /is missing$/.test(message)).length).toBeGreaterThan(5)
  })

  it('the two fixed fees written exactly as the terms write them', () => {
    const seed = changed((d) => (section(d, 'plan-esatj', 'esatjFeaturesBlock').note = '解約時は往復送料2,600円（税込）、体験期間中のタブレットは11,583円（税込）です。'))
    expect(errorsOf(seed)).toEqual([])
  })
})
