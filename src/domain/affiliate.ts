/** The A8.net affiliate id from `?a8=` (kept in a cookie, stored with the order). */
export const A8_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/;

/** The a8 value when it has the id's shape; anything else (a forged cookie) is dropped. */
export function affiliateId(value: string | undefined): string | undefined {
  return value !== undefined && A8_PATTERN.test(value) ? value : undefined;
}
