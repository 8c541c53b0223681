/**
 * Where to go after sign-in or sign-up: the `redirect` query value if it is a path on this site,
 * never another origin (no open redirect), else the fallback.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (hasControlOrBackslash(value)) return fallback;
  try {
    const base = 'https://same.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}
