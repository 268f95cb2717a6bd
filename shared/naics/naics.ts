// NAICS 2017 titles for the employer form and list. Generated data: scripts/naics-titles.cjs.
// The service accepts only these codes (shared/naics/naics-codes.ts, the same list without titles);
// a code stored before that rule is shown with NAICS_NOT_IN_2017.
import naics2017 from './naics-2017.json' with { type: 'json' };
import { foldText } from './fold-text';
import { EVERYDAY_WORDS } from './everyday-words';

export interface NaicsEntry {
  code: string;
  title: string;
}

export const NAICS_NOT_IN_2017 = 'not in the 2017 NAICS list';

const codes: NaicsEntry[] = naics2017.codes.map(([code, title]) => ({ code: code!, title: title! }));
const sectors: NaicsEntry[] = naics2017.sectors.map(([code, title]) => ({ code: code!, title: title! }));
const titleByCode = new Map(codes.map((entry) => [entry.code, entry.title]));

/** Search words: folded, apostrophes dropped so "mens" finds "Men’s", split on everything else. */
function wordsOf(text: string): string[] {
  return foldText(text)
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const titleWords = new Map(codes.map((entry) => [entry.code, wordsOf(entry.title)]));

export function naicsTitle(code: string): string | undefined {
  return titleByCode.get(code);
}

/** The sector of a code by its first two digits; ranged sectors such as 31-33 (Manufacturing) included. */
export function sectorOf(code: string): NaicsEntry | undefined {
  if (!/^\d{2}/.test(code)) return undefined;
  const prefix = Number(code.slice(0, 2));
  return sectors.find((sector) => {
    const [first, last = first] = sector.code.split('-').map(Number);
    return prefix >= first! && prefix <= last!;
  });
}

export function naicsSectors(): readonly NaicsEntry[] {
  return sectors;
}

/**
 * 6-digit industries matching a query: digits are a code prefix ("5415"), other words are prefixes
 * of words of the title ("comp prog") or of the everyday words brokers use for it ("software" for
 * custom programming). First the codes the first word means in everyday words, then titles starting
 * with it, then the rest; within each, shorter (broader) titles first, then code order.
 */
export function searchNaics(query: string, limit = 10): NaicsEntry[] {
  const tokens = wordsOf(query);
  if (tokens.length === 0) return [];
  const prefixes = tokens.filter((token) => /^\d+$/.test(token));
  const words = tokens.filter((token) => !/^\d+$/.test(token));
  const ranked: { entry: NaicsEntry; rank: number; length: number }[] = [];
  for (const entry of codes) {
    if (!prefixes.every((prefix) => entry.code.startsWith(prefix))) continue;
    const title = titleWords.get(entry.code)!;
    const everyday = EVERYDAY_WORDS[entry.code] ?? [];
    const fits = (word: string) => title.some((titleWord) => titleWord.startsWith(word)) || everyday.some((known) => known.startsWith(word));
    if (!words.every(fits)) continue;
    const first = words[0];
    const rank = first === undefined ? 2 : everyday.some((known) => known.startsWith(first)) ? 0 : title[0]!.startsWith(first) ? 1 : 2;
    ranked.push({ entry, rank, length: words.length > 0 ? title.length : 0 });
  }
  // A stable sort: equal ranks and lengths keep code order.
  ranked.sort((a, b) => a.rank - b.rank || a.length - b.length);
  return ranked.slice(0, limit).map(({ entry }) => entry);
}
