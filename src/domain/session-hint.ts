import { consoleRoles, type ConsoleRole } from './admin/permissions.ts';

/**
 * A readable cookie set beside the HttpOnly session cookie. It holds no secret: it only tells
 * static pages whether to show "log out" instead of "log in" and to hide sign-up banners.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
// Read before the first paint by the inline script in src/lib/inline-scripts.mjs (no library there:
// it runs before any script file loads).

/**
 * The console role of whoever a console page was served to (product decision 32), set by the
 * server with each /admin page it lets through (api/site-handler.ts), readable by the console's
 * scripts at once: the console draws the addressed section and starts its first read without
 * waiting for the session read (issue 27). Only a hint for what is shown and read first: every
 * API call checks the role again, and the console still reads the session.
 */
export const CONSOLE_ROLE_HINT_COOKIE = 'console_role';

/** The role a cookie header names in CONSOLE_ROLE_HINT_COOKIE, if it names one. */
export function roleOfHint(cookie: string): ConsoleRole | undefined {
  const value = new RegExp(`(?:^|;\\s*)${CONSOLE_ROLE_HINT_COOKIE}=([a-z]+)(?:;|$)`).exec(cookie)?.[1];
  return consoleRoles.find((role) => role === value);
}
