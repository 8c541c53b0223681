// Packages that ship without type declarations.
declare module 'eslint-plugin-jsx-a11y' {
  import type { ESLint, Linter } from 'eslint';
  const plugin: ESLint.Plugin & { flatConfigs: { recommended: Linter.Config } };
  export default plugin;
}

declare module 'subset-font' {
  /** Cuts a font down to the glyphs of `text` with HarfBuzz (hb-subset, WebAssembly). */
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[] }): Promise<Buffer>;
}
