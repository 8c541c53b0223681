/**
 * Typed lookup over a table of texts: `t` for texts without placeholders, `tf` for texts with
 * {placeholders}, each placeholder asked for by name. ./ja.ts builds the whole catalogue with it;
 * the plan chooser and the marketing pages' scripts build theirs over one area (./plans.ts), so the
 * whole catalogue — about 20 KB gzip, most of it My Page and the admin console — stays out of the
 * public pages (docs/decisions/0033).
 */
type Texts = Readonly<Record<string, string>>;

/** The names of the {placeholders} in a text, as a union of string literals. */
export type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
/** Keys whose text has placeholders: only tf() reads them. */
export type TemplateKeyOf<C extends Texts> = { [K in keyof C & string]: PlaceholdersOf<C[K]> extends never ? never : K }[keyof C & string];
export type PlainKeyOf<C extends Texts> = Exclude<keyof C & string, TemplateKeyOf<C>>;

export function catalogueOf<const C extends Texts>(texts: C) {
  return {
    /** The text for a key without placeholders. */
    t(key: PlainKeyOf<C>): string {
      return texts[key]!;
    },
    /** A text with its {placeholders} filled; the type system asks for every placeholder by name. */
    tf<K extends TemplateKeyOf<C>>(key: K, values: Record<PlaceholdersOf<C[K]>, string | number>): string {
      const given = values as Record<string, string | number>;
      return texts[key]!.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(given, name) ? String(given[name]) : whole));
    },
  };
}
