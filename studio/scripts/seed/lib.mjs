// Shared constants and helpers of the seed builder (scripts/build-seed.mjs).
// Keys, revisions and timestamps are derived deterministically from stable scopes, so re-running
// the builder on unchanged copy produces a byte-identical file.

import {createHash} from 'node:crypto'

import {SHIPPING_FEE_TEXT, TABLET_FEE_TEXT} from '@musio/content-rules'

export const CREATED_AT = '2026-11-01T00:00:00Z'
export const UPDATED_AT = '2026-11-20T00:00:00Z'
export const LEGAL_UPDATED_AT = '2026-11-01'

// ---------------------------------------------------------------------------------------------
// Company facts (shared by siteSettings and the legal pages)
// ---------------------------------------------------------------------------------------------
export const SITE = {
  serviceName: 'Musio English',
  companyName: '株式会社ミュージオ・ラーニング',
  representative: '代表取締役 佐藤 健一',
  privacyOfficer: '個人情報保護管理責任者 管理部長 高橋 美咲',
  postalCode: '150-0002',
  companyAddress: '東京都渋谷区渋谷二丁目14番8号 ミュージオ渋谷ビル7階',
  phone: '03-5555-0123',
  email: 'support@musio-english.example',
  privacyEmail: 'privacy@musio-english.example',
  officeHours: '平日 11:00〜19:00（土日祝日を除く）',
  supportReplyTime: '2〜3営業日以内',
  siteUrl: 'https://musio-english.example/',
  blogUrl: 'https://blog.musio-english.example/',
  faqUrl: '/faq',
  newsUrl: '/news',
}
export const CARD_BRANDS = 'Visa、MasterCard、American Express、Diners Club、JCB'
/** The fixed fees the copy may write out (product decision 6), from the shared content rules. */
export const SHIPPING_FEE = SHIPPING_FEE_TEXT
export const TABLET_FEE = TABLET_FEE_TEXT

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
export const hash = (s) => createHash('sha256').update(s).digest()
export const key = (seed) => hash(seed).toString('hex').slice(0, 12)
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const rev = (seed) => [...hash(`rev:${seed}`).subarray(0, 22)].map((b) => BASE62[b % 62]).join('')

/** Adds a deterministic _key to every item of an array of objects. */
export const keyed = (scope, items) => items.map((item, i) => ({_key: key(`${scope}:${i}`), ...item}))

export const INLINE = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g

export function block(scope, text, style = 'normal', list) {
  const markDefs = []
  const children = []
  let last = 0
  let n = 0
  const span = (t, marks = []) => {
    if (t) children.push({_type: 'span', _key: key(`${scope}:s${n++}`), text: t, marks})
  }
  for (const m of text.matchAll(INLINE)) {
    span(text.slice(last, m.index))
    if (m[1] !== undefined) {
      span(m[1], ['strong'])
    } else {
      const defKey = key(`${scope}:m${markDefs.length}`)
      markDefs.push({_type: 'link', _key: defKey, href: m[3]})
      span(m[2], [defKey])
    }
    last = m.index + m[0].length
  }
  span(text.slice(last))
  const b = {_type: 'block', _key: key(scope), style, markDefs, children}
  if (list) Object.assign(b, {listItem: list.type, level: list.level})
  return b
}

// Portable Text DSL: each returns a list of "node" descriptors expanded by portableText().
export const h2 = (text) => [{text, style: 'h2'}]
export const h3 = (text) => [{text, style: 'h3'}]
export const p = (...texts) => texts.map((text) => ({text, style: 'normal'}))
/** Items are strings or [string, [sub-items]] (sub-items become a level-2 bullet list). */
const list = (type) => (items) =>
  items.flatMap((item) => {
    const [text, sub = []] = Array.isArray(item) ? item : [item]
    return [
      {text, style: 'normal', list: {type, level: 1}},
      ...sub.map((s) => ({text: s, style: 'normal', list: {type: 'bullet', level: 2}})),
    ]
  })
export const ul = list('bullet')
export const ol = list('number')

export const portableText = (docId, nodes) =>
  nodes.flat().map((node, i) => block(`${docId}:body:${i}`, node.text, node.style, node.list))

export const meta = (_id, _type) => ({
  _createdAt: CREATED_AT,
  _id,
  _rev: rev(_id),
  _type,
  _updatedAt: UPDATED_AT,
})

export const ref = (_ref) => ({_type: 'reference', _ref})
