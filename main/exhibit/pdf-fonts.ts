// The exhibit PDF's fonts: Noto Sans (Latin with every European and Vietnamese letter, Greek,
// Cyrillic, the minus sign) and, for Chinese and Japanese characters, Noto Sans CJK's Simplified
// Chinese cut. pdfkit embeds only the glyphs a document uses (a subset, with the map back to
// Unicode that makes the text searchable), and only the fonts it uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Doc = PDFKit.PDFDocument;
export type Weight = 'regular' | 'bold';
type FontName = Weight | 'cjk';

const require = createRequire(__filename);

/**
 * Where each font comes from: an npm font package (OFL-1.1, README's Dependencies) and its file.
 * The packages export no file paths, so a file is found from the package's entry (dist/ beside fonts/).
 */
const FONT_FILES: Record<FontName, () => string> = {
  regular: () => join(dirname(require.resolve('@embedpdf/fonts-latin')), '../fonts/NotoSans-Regular.ttf'),
  bold: () => join(dirname(require.resolve('@embedpdf/fonts-latin')), '../fonts/NotoSans-Bold.ttf'),
  // One weight of the CJK font (8 MB): headings in Chinese are drawn regular rather than doubling that.
  cjk: () => join(dirname(require.resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Regular.otf'),
};

const loaded = new Map<FontName, Buffer>();

/** A font's bytes, read once per process. */
function fontBytes(name: FontName): Buffer {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFileSync(FONT_FILES[name]());
    loaded.set(name, bytes);
  }
  return bytes;
}

/** Registers the fonts under their names; pdfkit reads one only when the document first uses it. */
export function registerFonts(doc: Doc): void {
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, fontBytes(name));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

export interface Run {
  font: FontName;
  text: string;
}

/** The text cut where it moves between Chinese or Japanese characters and everything else, each piece with its font. */
export function fontRuns(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const font: FontName = CJK.test(char) ? 'cjk' : weight;
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs.length > 0 ? runs : [{ font: weight, text }];
}

/**
 * Writes `text` in `weight`, at (x, y) when given, else where the last text ended. A text in one
 * script is one call; a mixed one is written run by run as one paragraph (pdfkit's `continued`).
 */
export function write(doc: Doc, weight: Weight, text: string, x?: number, y?: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const runs = fontRuns(text, weight);
  runs.forEach((run, i) => {
    doc.font(run.font);
    const runOptions = { ...options, continued: i < runs.length - 1 };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  doc.font(weight);
}

/** The height `text` takes in `weight`: for a mixed text, the tallest of its fonts' measures of the whole. */
export function heightOf(doc: Doc, weight: Weight, text: string, options: PDFKit.Mixins.TextOptions): number {
  const fonts = new Set(fontRuns(text, weight).map((run) => run.font));
  const heights = [...fonts].map((font) => doc.font(font).heightOfString(text, options));
  doc.font(weight);
  return Math.max(...heights);
}
