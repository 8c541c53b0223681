/**
 * Security headers on every response. Pages get a policy that also carries the hashes Astro
 * computed for their inline scripts and styles; API replies get the strictest policy.
 */
export interface CspSources {
  scriptSrc?: string[];
  styleSrc?: string[];
}

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

/** The Content-Security-Policy for a page, with its own script and style hashes added. */
export function pagePolicy(sources: CspSources = {}, https = false): string {
  const directives = { ...baseDirectives };
  if (sources.scriptSrc?.length) directives['script-src'] = unique([...baseDirectives['script-src']!, ...sources.scriptSrc]);
  if (sources.styleSrc?.length) directives['style-src'] = unique([...baseDirectives['style-src']!, ...sources.styleSrc]);
  const text = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) text.push('upgrade-insecure-requests');
  return text.join('; ');
}

export const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sets the headers every response carries; HSTS only when the request arrived over HTTPS. */
export function applySecurityHeaders(headers: Headers, options: { https: boolean; isApi: boolean }): void {
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', options.isApi ? apiPolicy : pagePolicy({}, options.https));
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!headers.has('x-frame-options')) headers.set('x-frame-options', 'DENY');
  headers.set('cross-origin-opener-policy', 'same-origin');
  headers.set('cross-origin-resource-policy', 'same-origin');
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), browsing-topics=()');
  if (options.https) headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  if (options.isApi && !headers.has('cache-control')) headers.set('cache-control', 'no-store');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
