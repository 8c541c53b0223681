import type { PortableTextBlock } from '../content/types.ts';
import { escapeHtml } from './html.ts';

export type BlockGroup = { kind: 'block'; block: PortableTextBlock } | { kind: 'list'; listItem: 'bullet' | 'number'; blocks: PortableTextBlock[] };

/** Groups consecutive list items into one list, as Portable Text stores each item as a block. */
export function groupBlocks(blocks: PortableTextBlock[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  for (const block of blocks) {
    if (block._type !== 'block') continue;
    const last = groups.at(-1);
    if (block.listItem) {
      if (last?.kind === 'list' && last.listItem === block.listItem) last.blocks.push(block);
      else groups.push({ kind: 'list', listItem: block.listItem, blocks: [block] });
    } else {
      groups.push({ kind: 'block', block });
    }
  }
  return groups;
}

/** The inline HTML of a block: escaped text with strong, em and safe links (http, https, mailto, tel, or a path). */
export function renderSpans(block: PortableTextBlock): string {
  const links = new Map((block.markDefs ?? []).filter((def) => def._type === 'link' && def.href).map((def) => [def._key, def.href!]));
  return block.children
    .map((span) => {
      let html = escapeHtml(span.text).replaceAll('\n', '<br>');
      for (const mark of span.marks ?? []) {
        if (mark === 'strong') html = `<strong>${html}</strong>`;
        else if (mark === 'em') html = `<em>${html}</em>`;
        else if (links.has(mark)) {
          const href = links.get(mark)!;
          if (!/^(https?:|mailto:|tel:|\/)/.test(href)) continue;
          const external = /^https?:/.test(href);
          html = `<a class="underline" href="${escapeHtml(href)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${html}</a>`;
        }
      }
      return html;
    })
    .join('');
}
