import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type fontkitModule from '@pdf-lib/fontkit';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type subsetFontModule from 'subset-font';

/**
 * A small page-layout helper over pdf-lib for the documents we mail and let members download:
 * Japanese text in Noto Sans JP (from the npm package, embedded as a subset of the characters
 * used, so a one-page document stays a few tens of KB), wrapped to the page, one A4 page after
 * another. No system font is needed. The subset is cut with HarfBuzz (subset-font) before pdf-lib
 * embeds it: pdf-lib's own subsetting of this font drops glyphs (text extracts, but poppler and
 * browsers draw blanks), which only rendering the PDF to an image showed.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const require = createRequire(import.meta.url);
let fontBytes: Promise<Uint8Array> | undefined;

/**
 * pdf-lib, fontkit and HarfBuzz come with the first document a process writes, not with every
 * process: together they are about 14 MB of heap and 0.4 s of start-up that the API's reads would
 * otherwise carry all day.
 */
let libraries: Promise<{ pdf: typeof PdfLib; fontkit: typeof fontkitModule; subsetFont: typeof subsetFontModule }> | undefined;

function loadLibraries() {
  libraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), import('subset-font')]).then(([pdf, fontkit, subsetFont]) => ({ pdf, fontkit: fontkit.default, subsetFont: subsetFont.default }));
  return libraries;
}

function loadFont(): Promise<Uint8Array> {
  fontBytes ??= readFile(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'));
  return fontBytes;
}

export type Align = 'left' | 'center' | 'right';

export class PdfWriter {
  #doc: PDFDocument;
  #font: PDFFont;
  #page: PDFPage;
  #y: number;
  #rgb: (red: number, green: number, blue: number) => RGB;

  private constructor(doc: PDFDocument, font: PDFFont, rgb: (red: number, green: number, blue: number) => RGB) {
    this.#doc = doc;
    this.#font = font;
    this.#rgb = rgb;
    this.#page = doc.addPage(A4);
    this.#y = A4[1] - MARGIN;
  }

  /** A writer whose font holds every character of `texts` (everything the document will write). */
  static async create(title: string, texts: string[]): Promise<PdfWriter> {
    const { pdf, fontkit, subsetFont } = await loadLibraries();
    const doc = await pdf.PDFDocument.create();
    doc.registerFontkit(fontkit);
    const characters = [...new Set([...texts.join(''), ...title, ...' 0123456789'])].join('');
    const subset = await subsetFont(Buffer.from(await loadFont()), characters, { targetFormat: 'truetype' });
    // Glyphs come from the character map only: the Latin `locl` forms (other digits after a letter)
    // and ligatures are not kept in HarfBuzz's cut and would print blank.
    const font = await doc.embedFont(new Uint8Array(subset), { subset: false, features: { locl: false, calt: false, liga: false, clig: false } });
    doc.setTitle(title);
    doc.setLanguage('ja-JP');
    doc.setCreator('Musio English');
    doc.setProducer('pdf-lib');
    // A fixed date keeps two renderings of one document byte-identical apart from what changed.
    doc.setCreationDate(new Date(0));
    doc.setModificationDate(new Date(0));
    return new PdfWriter(doc, font, pdf.rgb);
  }

  get width(): number {
    return A4[0] - MARGIN * 2;
  }

  /** Text wrapped to `width` (Japanese breaks anywhere; a Latin word is kept whole where it fits). */
  wrap(text: string, size: number, width = this.width): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const char of [...paragraph]) {
        const next = line + char;
        if (line && this.#font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = char.trim() ? char : '';
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Writes text at the cursor and moves it down. */
  text(text: string, options: { size?: number; align?: Align; color?: [number, number, number]; gapAfter?: number; x?: number; width?: number } = {}): void {
    const size = options.size ?? 10.5;
    const x0 = MARGIN + (options.x ?? 0);
    const width = options.width ?? this.width - (options.x ?? 0);
    for (const line of this.wrap(text, size, width)) {
      this.#ensure(size * 1.6);
      const lineWidth = this.#font.widthOfTextAtSize(line, size);
      const x = options.align === 'center' ? x0 + (width - lineWidth) / 2 : options.align === 'right' ? x0 + width - lineWidth : x0;
      this.#page.drawText(line, { x, y: this.#y - size, size, font: this.#font, color: this.#rgb(...(options.color ?? [0.12, 0.16, 0.2])) });
      this.#y -= size * 1.6;
    }
    this.#y -= options.gapAfter ?? 0;
  }

  /** Two columns: a label and its value (wrapped), as a definition list. */
  row(label: string, value: string, options: { size?: number; labelWidth?: number } = {}): void {
    const size = options.size ?? 10.5;
    const labelWidth = options.labelWidth ?? 110;
    const valueLines = this.wrap(value, size, this.width - labelWidth);
    this.#ensure(size * 1.6 * valueLines.length);
    const top = this.#y;
    this.#page.drawText(label, { x: MARGIN, y: top - size, size, font: this.#font, color: this.#rgb(0.32, 0.38, 0.43) });
    valueLines.forEach((line, index) => {
      this.#page.drawText(line, { x: MARGIN + labelWidth, y: top - size - index * size * 1.6, size, font: this.#font, color: this.#rgb(0.12, 0.16, 0.2) });
    });
    this.#y = top - size * 1.6 * valueLines.length - 4;
  }

  /** A box around one line of large text (the amount). */
  box(text: string, size: number): void {
    const height = size * 2;
    this.#ensure(height + 8);
    this.#page.drawRectangle({ x: MARGIN, y: this.#y - height, width: this.width, height, borderColor: this.#rgb(0.12, 0.16, 0.2), borderWidth: 1.5 });
    const lineWidth = this.#font.widthOfTextAtSize(text, size);
    this.#page.drawText(text, { x: MARGIN + (this.width - lineWidth) / 2, y: this.#y - height / 2 - size * 0.35, size, font: this.#font });
    this.#y -= height + 8;
  }

  rule(gapAfter = 8): void {
    this.#page.drawLine({ start: { x: MARGIN, y: this.#y }, end: { x: MARGIN + this.width, y: this.#y }, thickness: 0.8, color: this.#rgb(0.12, 0.16, 0.2) });
    this.#y -= gapAfter;
  }

  space(points: number): void {
    this.#y -= points;
  }

  save(): Promise<Uint8Array> {
    return this.#doc.save();
  }

  #ensure(height: number): void {
    if (this.#y - height >= MARGIN) return;
    this.#page = this.#doc.addPage(A4);
    this.#y = A4[1] - MARGIN;
  }
}
