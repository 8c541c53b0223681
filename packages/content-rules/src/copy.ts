/** Fields that hold links, slugs, keys or references rather than copy a reader sees. */
export const NOT_COPY_FIELDS: ReadonlySet<string> = new Set(['url', 'href', 'ctaHref', 'applyUrl', 'blogUrl', 'faqUrl', 'newsUrl', 'slug', 'markDefs', 'email', 'asset']);

/**
 * Every copy string in a document or query result (no system `_` keys, links or slugs): what the
 * rule on prices as text (product decision 6) and the placeholder check read.
 */
export function copyStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) copyStrings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!key.startsWith('_') && !NOT_COPY_FIELDS.has(key)) copyStrings(item, out);
  }
  return out;
}
