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

export function noPriceText(value: string | undefined): true | string {
  if (value && PRICE_TEXT_PATTERN.test(value)) {
    return '料金は文章に書かず、プランのオプションID（例: ME_Plan_1）で参照してください（価格はプランカタログから表示されます）。'
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

/** Postal code without the 〒 mark: 150-0002. */
export const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/

/** Japanese phone number with hyphens: 03-1234-5678, 0120-123-456. */
export const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{3,4}$/
