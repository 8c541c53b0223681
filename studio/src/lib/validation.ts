/**
 * Validation helpers for the schema types. The rules themselves (price text, fixed fees, plan
 * option ids, slugs, paths) live in @musio/content-rules, which the site and the seed checks
 * import too; this file adds the editors' messages.
 */
import {
  FAQ_AUDIENCES as FAQ_AUDIENCE_VALUES,
  KNOWN_FEE_TEXTS,
  PLAN_OPTION_GROUPS,
  PLAN_PAGE_CATEGORIES,
  RESERVED_SLUGS,
  SITE_PATH_PATTERN,
  SLUG_PATTERN,
  TIMELINE_AUDIENCES as TIMELINE_AUDIENCE_VALUES,
  hasPriceText,
  isPlanOptionId,
  isPlanOptionIdIn,
  type PlanOptionGroup,
} from '@musio/content-rules'

export {
  LANDING_PAGE_PATHS,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRATION_NUMBER_PATTERN,
  SLUG_PATTERN,
} from '@musio/content-rules'
export type {PlanOptionGroup} from '@musio/content-rules'

const PRICE_TEXT_MESSAGE = `料金は文章に書かず、プランのオプションID（例: ME_Plan_1）で参照してください（価格はプランカタログから表示されます）。固定の手数料は${KNOWN_FEE_TEXTS.map((fee) => `「${fee}」`).join('')}の表記のみ使用できます。`

/** Product decision 6 (../shared/spec/decisions.md): copy never holds a price as text. */
export function noPriceText(value: string | undefined): true | string {
  if (value && hasPriceText(value)) return PRICE_TEXT_MESSAGE
  return true
}

/** The same rule for Portable Text: every span of every block. */
export function noPriceInBlocks(blocks: unknown): true | string {
  if (!Array.isArray(blocks)) return true
  for (const block of blocks as {children?: {text?: unknown}[]}[]) {
    for (const child of block.children ?? []) {
      if (typeof child.text === 'string' && noPriceText(child.text) !== true) return PRICE_TEXT_MESSAGE
    }
  }
  return true
}

/** A path on this site or an absolute http(s) URL. */
export function pathOrUrl(value: string | undefined): true | string {
  if (value === undefined || value === '') return true
  if (SITE_PATH_PATTERN.test(value)) return true
  try {
    const url = new URL(value)
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value)) return true
  } catch {
    // fall through
  }
  return '「/faq」のようなサイト内パス、または https:// で始まるURLを入力してください。'
}

/** A legal page's slug: URL-safe, and not a path the application itself uses (RESERVED_SLUGS). */
export function legalSlug(value: {current?: string} | undefined): true | string {
  const current = value?.current
  if (!current) return true // "required" reports the missing value
  if (!SLUG_PATTERN.test(current)) {
    return '半角英小文字・数字・ハイフンのみ使用できます（例: terms, tokushoho, privacy）。'
  }
  if (RESERVED_SLUGS.has(current)) {
    return `「/${current}」はアプリの画面で使われているため、スラッグに使用できません。`
  }
  return true
}

export function planOptionId(value: string | undefined): true | string {
  if (value === undefined || value === '') return true
  return isPlanOptionId(value)
    ? true
    : 'プランカタログのオプションID（ME_Plan_1, adult_hawaii_8, ESAT-J_Plan_1 など）を入力してください。'
}

/** How each group of option ids is described to editors. */
const PLAN_OPTION_GROUP_HINTS: Record<PlanOptionGroup, string> = {
  basic: PLAN_OPTION_GROUPS.basic.join(', '),
  kids: PLAN_OPTION_GROUPS.kids.join(', '),
  family: PLAN_OPTION_GROUPS.family.join(', '),
  adult: 'adult_hawaii_* / adult_business_*（4, 8, 30, 60）',
  adultHawaii: 'adult_hawaii_*（4, 8, 30, 60）',
  adultBusiness: 'adult_business_*（4, 8, 30, 60）',
  esatj: 'ESAT-J_Plan_1 〜 ESAT-J_Plan_6',
  any: 'ME_Plan_1, adult_hawaii_8, ESAT-J_Plan_1 など',
}

/** A catalogue option id that belongs to the given group (a basic-plan block cannot name an ESAT-J plan). */
export function planOptionIdIn(group: PlanOptionGroup) {
  return (value: string | undefined): true | string => {
    if (value === undefined || value === '') return true
    const known = planOptionId(value)
    if (known !== true) return known
    return isPlanOptionIdIn(group, value) ? true : `このブロックで指定できるのは ${PLAN_OPTION_GROUP_HINTS[group]} です。`
  }
}

/** An absolute https:// URL (external forms, share links). */
export function httpsUrl(value: string | undefined): true | string {
  if (value === undefined || value === '') return true
  try {
    const url = new URL(value)
    if (url.protocol === 'https:' && !/\s/.test(value)) return true
  } catch {
    // fall through
  }
  return 'https:// で始まるURLを入力してください。'
}

/**
 * Rejects a value another document of the same type already uses in `field`
 * (drafts and the document's own published/draft pair are not counted twice).
 * `field` is a constant from the schema, never user input.
 */
export function uniqueInType(type: string, field: string, message: string) {
  return async (
    value: unknown,
    context: {document?: {_id?: string}; getClient: (options: {apiVersion: string}) => {fetch: (query: string, params: Record<string, unknown>) => Promise<unknown>}},
  ): Promise<true | string> => {
    if (value === undefined || value === null || value === '') return true
    const id = context.document?._id?.replace(/^drafts\./, '')
    if (!id) return true
    const count = await context.getClient({apiVersion: '2025-06-01'}).fetch(
      `count(*[_type == $type && ${field} == $value && !(_id in [$id, $draft]) && !(_id in path("versions.**"))])`,
      {type, value, id, draft: `drafts.${id}`},
    )
    return count === 0 ? true : message
  }
}

/** Alt text is required whenever an image is set (it is read out by screen readers). */
export function altWhenImage(alt: string | undefined, context: {parent?: unknown}): true | string {
  const parent = context.parent as {asset?: unknown} | undefined
  if (parent?.asset && !alt?.trim()) return '画像の内容を説明する代替テキストを入力してください。'
  return true
}

/** Plan page categories (/plan/{category}). */
const PLAN_CATEGORY_TITLES: Record<(typeof PLAN_PAGE_CATEGORIES)[number], string> = {
  kodomo: 'こども（/plan/kodomo）',
  otona: 'おとな（/plan/otona）',
  esatj: 'Musio ESAT-J（/plan/esatj）',
}
export const PLAN_CATEGORIES = PLAN_PAGE_CATEGORIES.map((value) => ({title: PLAN_CATEGORY_TITLES[value], value}))

/** Timeline pages (/timeline and /timeline/{tag}); "default" is served at /timeline. */
const TIMELINE_AUDIENCE_TITLES: Record<(typeof TIMELINE_AUDIENCE_VALUES)[number], string> = {
  default: '共通（/timeline）',
  kids: 'キッズ（/timeline/kids）',
  adult: 'おとな（/timeline/adult）',
  musio_esatj: 'Musio ESAT-J（/timeline/musio_esatj）',
}
export const TIMELINE_AUDIENCES = TIMELINE_AUDIENCE_VALUES.map((value) => ({title: TIMELINE_AUDIENCE_TITLES[value], value}))

/** FAQ groups on /faq and /mypagere. */
const FAQ_AUDIENCE_TITLES: Record<(typeof FAQ_AUDIENCE_VALUES)[number], string> = {
  common: '共通',
  'kids-adult': 'キッズ・おとなプランをご利用の方',
  esatj: 'Musio ESAT-Jをご利用の方',
}
export const FAQ_AUDIENCES = FAQ_AUDIENCE_VALUES.map((value) => ({title: FAQ_AUDIENCE_TITLES[value], value}))
