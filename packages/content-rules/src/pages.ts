/**
 * Documents and addresses of the marketing site that the Studio, the seed checks and the pages
 * agree on (spec public-site-and-signup.md §2).
 */

/** Fixed document ids of the landing pages and the path each one is served at. */
export const LANDING_PAGE_PATHS = {
  'landing-home': '/',
  'landing-kids': '/kids',
  'landing-adult': '/adult',
  'landing-musio-esatj': '/musio_esatj',
} as const;

/** Document types that exist exactly once, under a fixed _id equal to the type name. */
export const SINGLETON_TYPES = ['siteSettings', 'planTablePage', 'campaignPage', 'faqPage', 'errorPage'] as const;

/** Plan page categories (/plan/{category}). */
export const PLAN_PAGE_CATEGORIES = ['kodomo', 'otona', 'esatj'] as const;

/** Timeline audiences: "default" is served at /timeline, the others at /timeline/{audience}. */
export const TIMELINE_AUDIENCES = ['default', 'kids', 'adult', 'musio_esatj'] as const;

/** FAQ groups on /faq and /mypagere, in this order. */
export const FAQ_AUDIENCES = ['common', 'kids-adult', 'esatj'] as const;

/** The legal pages' slugs, in the footer's order. */
export const LEGAL_SLUGS = ['terms', 'tokushoho', 'privacy', 'external-transmission'] as const;

/** A site-relative path such as "/faq" or "/plan/kodomo?a=1#x". */
export const SITE_PATH_PATTERN = /^\/(?!\/)\S*$/;

/** Lowercase URL-safe slugs: "terms", "tokushoho", "privacy". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Legal pages are served at /{slug}; these first path segments belong to the application
 * (spec public-site-and-signup.md §2, member-area-and-admin.md §2) and must not be shadowed.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'kids',
  'adult',
  'musio_esatj',
  'plan',
  'plantable',
  'signup',
  'login',
  'find-password',
  'reset-password',
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
  'dev',
  'cms',
]);

/** Postal code without the 〒 mark: 150-0002. */
export const POSTAL_CODE_PATTERN = /^\d{3}-\d{4}$/;

/** Japanese phone number with hyphens: 03-1234-5678, 0120-123-456. */
export const PHONE_PATTERN = /^0\d{1,4}-\d{1,4}-\d{3,4}$/;

/** 適格請求書発行事業者登録番号 (product decision 25): `T` and 13 digits. */
export const REGISTRATION_NUMBER_PATTERN = /^T\d{13}$/;
