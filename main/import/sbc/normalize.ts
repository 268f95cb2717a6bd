/**
 * Text as the reader compares it: every dash a hyphen, no soft hyphens, ligatures spelled out,
 * non-breaking and other odd spaces plain, curly quotes straight. Applied to every text run first,
 * so no later pattern has to know about typography.
 */
const LIGATURES: Record<string, string> = { '\uFB00': 'ff', '\uFB01': 'fi', '\uFB02': 'fl', '\uFB03': 'ffi', '\uFB04': 'ffl', '\uFB05': 'st', '\uFB06': 'st' };

export function normalizeRun(text: string): string {
  return text
    .replace(/\u00AD/g, '')
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
    .replace(/[\uFB00-\uFB06]/g, (ligature) => LIGATURES[ligature]!)
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D]/g, '"');
}

/** Footnote marks printed after an amount or a word: *, †, ‡, §, superscript digits. */
export const stripFootnoteMarks = (text: string): string => text.replace(/[*\u2020\u2021\u00A7\u00B9\u00B2\u00B3\u2070-\u2079]+/g, ' ');
