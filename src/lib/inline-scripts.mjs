// @ts-check
/**
 * The only inline script of the site: it runs in <head> before the first paint, so pages show
 * "log out" instead of "log in" without a flash. astro.config.mjs adds its hash to the CSP.
 */
export const AUTH_HINT_SCRIPT =
  "document.documentElement.dataset.auth=/(?:^|;\\s*)signed_in=1(?:;|$)/.test(document.cookie)?'in':'out'";
