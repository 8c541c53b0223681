/**
 * A readable cookie set beside the HttpOnly session cookie. It holds no secret: it only tells
 * static pages whether to show "log out" instead of "log in" and to hide sign-up banners.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Whether a Cookie header (or document.cookie) carries the signed-in hint. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
