/**
 * A readable cookie set beside the HttpOnly session cookie. It holds no secret: it only tells
 * static pages whether to show "log out" instead of "log in" and to hide sign-up banners.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
// Read before the first paint by the inline script in src/lib/inline-scripts.mjs (no library there:
// it runs before any script file loads).
