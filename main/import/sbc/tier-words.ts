/**
 * Which coverage tier (single or family) each dollar amount of a page-1 answer is for, from the
 * tier words printed around the amounts: "Individual $500 / Family $1,000", "$500 individual /
 * $1,000 family", "$500/$1,000 (Individual/Family)", and "$500 / Family $1,000", whose bare amount
 * is the tier the other's word does not name. A word goes to the amount it is printed against; an
 * amount no word names stays without a tier (left for the broker) unless its pair says which.
 */
export type Tier = 'single' | 'family';

const FAMILY = String.raw`(?:(?:ee|employee|self)\s?\+\s?(?:family|fam)|per family|family|fam\b\.?)`;
const SINGLE = String.raw`(?:ee only|employee only|self[- ]only|per (?:individual|person|member|insured)|individual|person|single|member|employee|self|ee|ind\b\.?)`;
/** A tier word, for patterns that embed one. */
export const TIER = `(?:${FAMILY}|${SINGLE})`;
const TIER_WORD = new RegExp(String.raw`\b${TIER}(?![a-z])`, 'gi');

export const tierOf = (word: string): Tier => (new RegExp(`^${FAMILY}$`, 'i').test(word.trim()) ? 'family' : 'single');

/** A dollar amount's place in the answer's text. */
export interface Placed {
  index: number;
  end: number;
}

interface Word extends Placed {
  tier: Tier;
}

/** Words that may stand between a tier word and its amount: "Family deductible: $1,000", "$500 per individual". */
const FILLER = String.raw`(?:(?:deductible|out-of-pocket|limit|maximum|max|amount)\s*)*`;
const RIGHT_AFTER = new RegExp(String.raw`^\s*${FILLER}(?:per|an?|each|for (?:an? |each )?)?\s*$`, 'i');
const RIGHT_BEFORE = new RegExp(String.raw`^\s*${FILLER}:?\s*$`, 'i');
/** A slash, dash or opening parenthesis: "$500/individual", "$500 - Family", "$500 (family $1,000)". */
const LOOSELY = /^\s*[(/-]\s*$/;
const AND_ALSO = /^\s*(?:[-=]|is|of)\s*$/i;

/** How firmly a word reads as naming the amount before it (2 firm, 1 loose, 0 not at all). */
const namesPrevious = (gap: string): number => (RIGHT_AFTER.test(gap) ? 2 : LOOSELY.test(gap) ? 1 : 0);
/** How firmly a word reads as naming the amount after it. */
const namesNext = (gap: string): number => (RIGHT_BEFORE.test(gap) ? 2 : AND_ALSO.test(gap) ? 1 : 0);

const PAIR_SEPARATOR = /^\s*\/\s*$/;

/**
 * "$500/$1,000 (Individual/Family)" and "Individual/Family: $500/$1,000": two amounts and two
 * words, each pair joined by a slash, the words in the amounts' order. An answer whose only tier
 * words are one such pair ("Individual/Family: In-network $500/$1,000; Out-of-network ...") names
 * the tiers of every pair of amounts in it.
 */
function groupedTiers(text: string, amounts: Placed[], words: Word[], tiers: (Tier | undefined)[], used: Set<Word>): void {
  const slashed = (from: Placed, to: Placed): boolean => PAIR_SEPARATOR.test(text.slice(from.end, to.index));
  const wordPairs = words.flatMap((one, w) => {
    const two = words[w + 1];
    return two && one.tier !== two.tier && slashed(one, two) ? [[one, two] as const] : [];
  });
  const amountPairs: number[] = [];
  for (let a = 0; a + 1 < amounts.length; a++) if (slashed(amounts[a]!, amounts[a + 1]!)) amountPairs.push(a++);
  const assign = (a: number, [one, two]: readonly [Word, Word]): void => {
    tiers[a] = one.tier;
    tiers[a + 1] = two.tier;
    used.add(one).add(two);
  };
  if (wordPairs.length === 1 && words.length === 2) {
    for (const a of amountPairs) assign(a, wordPairs[0]!);
    return;
  }
  for (const pair of wordPairs) {
    const [one, two] = pair;
    const a = amountPairs.find((index) => {
      const [first, second] = [amounts[index]!, amounts[index + 1]!];
      const after = one.index >= second.end && /^\s*\(?\s*$/.test(text.slice(second.end, one.index));
      const before = two.end <= first.index && /^\s*\)?\s*:?\s*$/.test(text.slice(two.end, first.index));
      return after || before;
    });
    if (a !== undefined) assign(a, pair);
  }
}

/** The tier each amount is for, in order; undefined where the answer does not say. */
export function tiersOfAmounts(text: string, amounts: Placed[]): (Tier | undefined)[] {
  const words: Word[] = [...text.matchAll(TIER_WORD)].map((match) => ({ index: match.index, end: match.index + match[0].length, tier: tierOf(match[0]) }));
  const tiers: (Tier | undefined)[] = amounts.map(() => undefined);
  const used = new Set<Word>();
  groupedTiers(text, amounts, words, tiers, used);

  // Each remaining word between its neighbouring amounts, and how firmly it reads with each.
  const claims = words
    .filter((word) => !used.has(word))
    .map((word) => {
      const previous = amounts.findLastIndex((amount) => amount.end <= word.index);
      const next = amounts.findIndex((amount) => amount.index >= word.end);
      const afterGap = previous === -1 ? undefined : text.slice(amounts[previous]!.end, word.index);
      const beforeGap = next === -1 ? undefined : text.slice(word.end, amounts[next]!.index);
      // "$500 (individual)": a word in parentheses is said of the amount before it.
      const wrapped = afterGap !== undefined && /\(\s*$/.test(afterGap) && /^\s*\)/.test(text.slice(word.end));
      return {
        word,
        previous,
        next,
        back: afterGap === undefined ? 0 : wrapped ? 2 : namesPrevious(afterGap),
        ahead: beforeGap === undefined || wrapped ? 0 : namesNext(beforeGap),
      };
    })
    .filter((claim) => claim.back > 0 || claim.ahead > 0);
  // A word that reads as firmly with either amount goes the way the answer's other words go.
  const backward = claims.filter((claim) => claim.back > claim.ahead).length;
  const forward = claims.filter((claim) => claim.ahead > claim.back).length;
  const ordered = [...claims].sort((a, b) => Number(a.back === a.ahead) - Number(b.back === b.ahead));
  for (const claim of ordered) {
    const choices =
      claim.back > claim.ahead
        ? [claim.previous]
        : claim.ahead > claim.back
          ? [claim.next]
          : backward >= forward
            ? [claim.previous, claim.next]
            : [claim.next, claim.previous];
    const target = choices.find((index) => tiers[index] === undefined);
    if (target !== undefined) tiers[target] = claim.word.tier;
  }
  return tiers;
}

/** What may stand between the two amounts of a pair besides a tier word: a separator. */
const BETWEEN_PAIR = /^[\s/,;:&()-]*(?:and\s*)?[\s/,;:&()-]*$/i;

/**
 * "$500 / Family $1,000": of two amounts printed as a pair, one named and one bare, the bare one
 * is for the other tier. `pair` holds the indexes of one network's two amounts.
 */
export function completePair(text: string, amounts: Placed[], tiers: (Tier | undefined)[], pair: [number, number]): void {
  const [first, second] = pair;
  const named = [tiers[first], tiers[second]].filter((tier) => tier !== undefined);
  if (named.length !== 1 || second !== first + 1) return;
  const between = text.slice(amounts[first]!.end, amounts[second]!.index).replace(TIER_WORD, ' ');
  if (!BETWEEN_PAIR.test(between)) return;
  const other: Tier = named[0] === 'single' ? 'family' : 'single';
  if (tiers[first] === undefined) tiers[first] = other;
  else tiers[second] = other;
}
