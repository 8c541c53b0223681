/** A link to sign-up: marketing pages hide it (and its banner) for signed-in members (spec: when a token exists). */
export function isSignUpLink(href: string | null | undefined): boolean {
  return typeof href === 'string' && /^\/signup(?:[/?#]|$)/.test(href);
}
