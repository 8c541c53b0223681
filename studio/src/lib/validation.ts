/**
 * Shared validation helpers for the schema types.
 * Keep the patterns in sync with scripts/check-seed.mjs, which checks the seed file offline.
 */

/**
 * Decision 6: marketing copy never holds a price as text. Prices live only in the plan catalogue
 * (PostgreSQL) and are rendered from the plan option ids, so the shown and the charged price agree.
 * Matches "3,500円", "¥3500", "３５００円", "1万円", "3500 yen" and similar.
 */
export const PRICE_TEXT_PATTERN =
  /[¥￥]\s*[0-9０-９]|[0-9０-９][0-9０-９,，.．]*\s*(?:万\s*)?円|[0-9０-９][0-9０-９,，]*\s*(?:yen|jpy)\b/i

/**
 * The only amounts copy may spell out: the two fixed fees of the terms of use (not plan prices),
 * written exactly like this, tax included. Mirrored in scripts/check-seed.mjs and
 * src/content/rules.ts of the site.
 */
export const KNOWN_FEE_TEXTS = ['2,600円（税込）', '11,583円（税込）'] as const

/** The text with the allowed fixed-fee mentions removed, ready for PRICE_TEXT_PATTERN. */
export function withoutKnownFees(value: string): string {
  return KNOWN_FEE_TEXTS.reduce((text, fee) => text.split(fee).join(''), value)
}

const PRICE_TEXT_MESSAGE =
  '料金は文章に書かず、プランのオプションID（例: ME_Plan_1）で参照してください（価格はプランカタログから表示されます）。固定の手数料は「2,600円（税込）」「11,583円（税込）」の表記のみ使用できます。'

export function noPriceText(value: string | undefined): true | string {
  if (value && PRICE_TEXT_PATTERN.test(withoutKnownFees(value))) return PRICE_TEXT_MESSAGE
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

/** A site-relative path such as "/faq" or "/plan/kodomo?a=1#x". */
export const SITE_PATH_PATTERN = /^\/(?!\/)[^\s]*$/

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

/** Lowercase URL-safe slugs: "terms", "tokushoho", "privacy". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Legal pages are served at /{slug}; these first path segments belong to the application
 * (spec: public-site-and-signup.md §2, member-area-and-admin.md §2) and must not be shadowed.
 */
export const RESERVED_SLUGS = new Set([
  'kids',
  'adult',
  'musio_esatj',
  'plan',
  'plantable',
  'signup',
  'login',
  'find-password',
  'registration',
  'signup-completed',
  'timeline',
  'campaign',
  'campaign-landing',
  'error',
  'mypage',
  'mypagere',
  'user-info-edit',
  'change-password',
  'shipping-address',
  'payment-card',
  'registration-mej',
  'switch-plan',
  'cancellation',
  'referral',
  'mej-user-info',
  'registration-me',
  'cancellation-mej',
  'feedback',
  'support',
  'support_confirm',
  'admin',
  'faq',
  'news',
  'api',
])

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

/**
 * Plan option ids of the catalogue (spec public-site-and-signup.md §3):
 * ME_Plan_1, ME_Plan_2, ME_Plan_3, ME_Plan_3_1, ME_Plan_3_2_1…3, adult_hawaii_{4,8,30,60},
 * adult_business_{4,8,30,60}, ESAT-J_Plan_1…6.
 */
export const PLAN_OPTION_ID_PATTERN =
  /^(?:ME_Plan_[1-3]|ME_Plan_3_1|ME_Plan_3_2_[1-3]|adult_(?:hawaii|business)_(?:4|8|30|60)|ESAT-J_Plan_[1-6])$/

export function planOptionId(value: string | undefined): true | string {
  if (value === undefined || value === '') return true
  return PLAN_OPTION_ID_PATTERN.test(value)
    ? true
    : 'プランカタログのオプションID（ME_Plan_1, adult_hawaii_8, ESAT-J_Plan_1 など）を入力してください。'
}

/** Option ids a marketing block may name (a basic-plan block cannot point at an ESAT-J plan). */
export const PLAN_OPTION_GROUPS = {
  basic: {pattern: /^ME_Plan_[1-3]$/, hint: 'ME_Plan_1, ME_Plan_2, ME_Plan_3'},
  kids: {pattern: /^ME_Plan_3_1$/, hint: 'ME_Plan_3_1'},
  family: {pattern: /^ME_Plan_3_2_[1-3]$/, hint: 'ME_Plan_3_2_1, ME_Plan_3_2_2, ME_Plan_3_2_3'},
  adult: {pattern: /^adult_(?:hawaii|business)_(?:4|8|30|60)$/, hint: 'adult_hawaii_* / adult_business_*（4, 8, 30, 60）'},
  esatj: {pattern: /^ESAT-J_Plan_[1-6]$/, hint: 'ESAT-J_Plan_1 〜 ESAT-J_Plan_6'},
} as const

export type PlanOptionGroup = keyof typeof PLAN_OPTION_GROUPS

/** A catalogue option id that belongs to the given group. */
export function planOptionIdIn(group: PlanOptionGroup) {
  return (value: string | undefined): true | string => {
    if (value === undefined || value === '') return true
    const known = planOptionId(value)
    if (known !== true) return known
    const {pattern, hint} = PLAN_OPTION_GROUPS[group]
    return pattern.test(value) ? true : `このブロックで指定できるのは ${hint} です。`
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

/** Fixed document ids of the landing pages and the path each one is served at. */
export const LANDING_PAGE_PATHS: Record<string, string> = {
  'landing-home': '/',
  'landing-kids': '/kids',
  'landing-adult': '/adult',
  'landing-musio-esatj': '/musio_esatj',
}

/** Plan page categories (/plan/{category}). */
export const PLAN_CATEGORIES = [
  {title: 'こども（/plan/kodomo）', value: 'kodomo'},
  {title: 'おとな（/plan/otona）', value: 'otona'},
  {title: 'Musio ESAT-J（/plan/esatj）', value: 'esatj'},
]

/** Timeline pages (/timeline and /timeline/{tag}); "default" is served at /timeline. */
export const TIMELINE_AUDIENCES = [
  {title: '共通（/timeline）', value: 'default'},
  {title: 'キッズ（/timeline/kids）', value: 'kids'},
  {title: 'おとな（/timeline/adult）', value: 'adult'},
  {title: 'Musio ESAT-J（/timeline/musio_esatj）', value: 'musio_esatj'},
]

/** FAQ groups on /faq and /mypagere. */
export const FAQ_AUDIENCES = [
  {title: '共通', value: 'common'},
  {title: 'キッズ・おとなプランをご利用の方', value: 'kids-adult'},
  {title: 'Musio ESAT-Jをご利用の方', value: 'esatj'},
]

/** Postal code without the 〒 mark: 150-0002. */
export const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/

/** Japanese phone number with hyphens: 03-1234-5678, 0120-123-456. */
export const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{3,4}$/
