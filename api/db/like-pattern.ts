/** `%`, `_` and `\` typed by a person are searched as themselves (for ilike). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
