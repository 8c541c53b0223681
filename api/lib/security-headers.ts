/**
 * Security headers on every response. Pages get a policy that also carries the hashes Astro
 * computed for their inline scripts and styles; API replies get the strictest policy.
 */
export interface CspSources {
  scriptSrc?: string[];
  styleSrc?: string[];
  frameSrc?: string[];
  connectSrc?: string[];
}

const directiveOf: Record<keyof CspSources, string> = {
  scriptSrc: 'script-src',
  styleSrc: 'style-src',
  frameSrc: 'frame-src',
  connectSrc: 'connect-src',
};

const baseDirectives: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https://cdn.sanity.io'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The Content-Security-Policy for a page, with its own script and style hashes (and any other sources) added. */
export function pagePolicy(sources: CspSources = {}, https = false): string {
  const directives = { ...baseDirectives };
  for (const [key, name] of Object.entries(directiveOf) as [keyof CspSources, string][]) {
    const added = sources[key];
    if (added?.length) directives[name] = unique([...baseDirectives[name]!, ...added]);
  }
  const text = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) text.push('upgrade-insecure-requests');
  return text.join('; ');
}

/**
 * Stripe.js and its frames (card element, 3-D Secure), as Stripe's integration security guide
 * lists them. Pages allow them only when the server uses Stripe; with the local gateway the
 * policy stays as it is.
 */
const stripeSources: CspSources = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/** What every page must also allow for the configured payment provider. */
export function paymentSources(kind: 'stripe' | 'local'): CspSources {
  return kind === 'stripe' ? stripeSources : {};
}

/** Two source lists as one (a page's own hashes and the site's payment provider). */
export function mergeSources(first: CspSources, second: CspSources): CspSources {
  const merged: CspSources = { ...first };
  for (const key of Object.keys(second) as (keyof CspSources)[]) merged[key] = unique([...(first[key] ?? []), ...(second[key] ?? [])]);
  return merged;
}

export const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface SecurityContext {
  https: boolean;
  isApi: boolean;
}

/**
 * The headers every response carries. A response that sets one of them itself (a page's own
 * CSP, a cacheable API reply) keeps its value. HSTS only when the request arrived over HTTPS.
 */
export function securityHeaders({ https, isApi }: SecurityContext): readonly (readonly [name: string, value: string])[] {
  // Four possible lists, each built once: every response of the process reads one of them.
  const key = (https ? 2 : 0) + (isApi ? 1 : 0);
  return (headerLists[key] ??= buildSecurityHeaders(https, isApi));
}

const headerLists: (readonly (readonly [string, string])[] | undefined)[] = [];

function buildSecurityHeaders(https: boolean, isApi: boolean): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [
    ['content-security-policy', isApi ? apiPolicy : pagePolicy({}, https)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), browsing-topics=()'],
  ];
  if (https) headers.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  if (isApi) headers.push(['cache-control', 'no-store']);
  return Object.freeze(headers.map((header) => Object.freeze(header)));
}

/** For a finished Response (the in-process path): adds what the response did not set. */
export function applySecurityHeaders(headers: Headers, context: SecurityContext): void {
  for (const [name, value] of securityHeaders(context)) if (!headers.has(name)) headers.set(name, value);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
