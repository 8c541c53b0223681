import { escapeHTML, toHTML, uriLooksSafe, type PortableTextComponents } from '@portabletext/to-html';

/** Portable Text as stored by Sanity: blocks (and, in principle, custom objects) with a `_type`. */
export type PortableTextValue = Parameters<typeof toHTML>[0];

/** Links open in a new tab when they leave the site; anything but http(s), mailto, tel or a path is dropped. */
const LINKABLE = /^(?:https?:|mailto:|tel:|\/)/i;

const components: PortableTextComponents = {
  // The styles of the Studio's richText (studio/src/schemaTypes/objects/rich-text.ts), no others.
  block: ({ children, value }) => {
    const style = value.style ?? 'normal';
    if (style === 'normal') return `<p>${children}</p>`;
    if (style === 'h2') return `<h2 class="pt-4 text-xl text-brand-800">${children}</h2>`;
    if (style === 'h3') return `<h3 class="pt-2 text-lg text-brand-800">${children}</h3>`;
    throw new Error(`Portable Text: block style "${style}" is not in the schema`);
  },
  // A nested list sits inside the item before it, so a numbered list goes on counting after it.
  list: {
    bullet: ({ children, value }) => `<ul class="${value.level > 1 ? 'mt-1 ' : ''}list-disc space-y-1 pl-6">${children}</ul>`,
    number: ({ children, value }) => `<ol class="${value.level > 1 ? 'mt-1 ' : ''}list-decimal space-y-1 pl-6">${children}</ol>`,
  },
  listItem: ({ children }) => `<li>${children}</li>`,
  marks: {
    strong: ({ children }) => `<strong>${children}</strong>`,
    em: ({ children }) => `<em>${children}</em>`,
    link: ({ children, value }) => {
      const href = typeof value?.href === 'string' ? value.href.trim() : '';
      if (!LINKABLE.test(href) || !uriLooksSafe(href)) return children;
      const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a class="underline" href="${escapeHTML(href)}"${external}>${children}</a>`;
    },
  },
  hardBreak: () => '<br>',
};

/**
 * The HTML of a Portable Text body (legal pages, campaign, news), through Sanity's own renderer:
 * paragraphs, h2/h3, nested bullet and numbered lists (`level`), bold, italics and safe links.
 * Text is escaped; a type the schema does not define fails the build instead of vanishing.
 */
export function renderPortableText(value: PortableTextValue): string {
  return toHTML(value, {
    components,
    onMissingComponent: (message) => {
      throw new Error(`Portable Text: ${message}`);
    },
  });
}
