/**
 * The grammar of page 1's amount answers (the deductible, the out-of-pocket limit): which dollar
 * amount is for which coverage tier (single or family) and which network, however the carrier
 * phrases it: "Individual $500 / Family $1,000", "$500 person/$1,000 family for In-Network
 * Providers", "In-Network $500 Individual $1,000 Family Out-of-Network ...", "EE Only $2,500;
 * EE+ Family $5,000", "Network: ... Non-Network: ...", or a small grid of network headings over rows
 * of amounts. Which amount is which tier is tier-words.ts's part.
 */
import { stripFootnoteMarks } from './normalize.js';
import { completePair, TIER, tierOf, tiersOfAmounts, type Placed, type Tier } from './tier-words.js';

type Network = 'in' | 'out';
export type NetworkAmounts = Partial<Record<Network, Partial<Record<Tier, number>>>>;

const AMOUNT = /\$\s?(\d[\d,]*)(?:\.00)?(?![\d.]*\d)/g;

const OUT_NETWORK =
  /\b(?:out[- ]of[- ]network|out[- ]of[- ]plan|non[- ]?(?:network|participating|preferred|contracted|par)\b|non-\w+(?: \w+)? providers?|nonparticipating|tier (?:2|ii)\b)/gi;
const IN_NETWORK = /\b(?:in[- ]network|network|participating|preferred|contracted|in[- ]plan|tier (?:1|i)\b|(?:ppo|hmo|epo|pos|plan) providers?)/gi;
const BOTH_NETWORKS = /\b(?:in[- ]and out[- ]of[- ]network|in[- ]network and out[- ]of[- ]network|combined|both networks)\b/i;

/** Spaces where words were glued to amounts ("$1,500Individual", "Individual$1,500") and footnote marks gone. */
function cleanAnswer(text: string): string {
  return stripFootnoteMarks(text)
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .replace(/([A-Za-z])\$/g, '$1 $')
    .replace(/\b(family|individual|person|member|single)(for|per|in|out|and)\b/gi, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Mention {
  index: number;
  end: number;
  network: Network | 'both';
}

function mentionsOf(text: string): Mention[] {
  const mentions: Mention[] = [];
  const both = BOTH_NETWORKS.exec(text);
  if (both) mentions.push({ index: both.index, end: both.index + both[0].length, network: 'both' });
  const outRanges: [number, number][] = [];
  for (const match of text.matchAll(OUT_NETWORK)) {
    outRanges.push([match.index, match.index + match[0].length]);
    if (!both) mentions.push({ index: match.index, end: match.index + match[0].length, network: 'out' });
  }
  for (const match of text.matchAll(IN_NETWORK)) {
    if (!both && !outRanges.some(([from, to]) => match.index >= from && match.index < to))
      mentions.push({ index: match.index, end: match.index + match[0].length, network: 'in' });
  }
  return mentions.sort((a, b) => a.index - b.index);
}

const SENTENCE_END = /\.(\s|$)/;
/** A network named as a heading, "Out-of-network: ...", names what follows it, never what went before. */
const HEADING = /^\s*(?:providers?\s*)?:/i;

/**
 * Whether the network named at `to` can be the one amount `i` is for: not past a full stop, and
 * past a semicolon only where the semicolon stands between the two tiers of one pair ("EE Only
 * $250; EE+ Family $500 participating providers"), never where it closes a pair or an amount the
 * next clause does not pair ("$500 individual / $1,000 family; ...", "$1,500 per member; out-of-network ...").
 */
function reaches(text: string, mentions: Mention[], amounts: Placed[], tiers: (Tier | undefined)[], i: number, to: number): boolean {
  const from = amounts[i]!.index;
  const between = text.slice(from, to);
  if (SENTENCE_END.test(between)) return false;
  // Amount i's clause starts after a semicolon, a full stop or a network named after its amounts.
  const named = mentions.filter((mention) => mention.end <= from).at(-1);
  const clauseStart = Math.max(text.lastIndexOf(';', from), text.lastIndexOf('. ', from), named?.end ?? -1);
  const tiersWithin = (start: number, end: number) => tiers.filter((_, k) => amounts[k]!.index > start && amounts[k]!.index < end);
  return [...between.matchAll(/;/g)].every((semicolon) => {
    const at = from + semicolon.index;
    const next = text.indexOf(';', at + 1);
    const before = tiersWithin(clauseStart, at);
    const after = tiersWithin(at, next === -1 || next > to ? to : next);
    if (before.includes('single') && before.includes('family')) return false;
    return after.some((tier) => tier !== undefined && !before.includes(tier));
  });
}

/** The network amount `i` belongs to: named before the amounts, or after them in its sentence. */
function networkAt(text: string, mentions: Mention[], amounts: Placed[], tiers: (Tier | undefined)[], i: number, namedFirst: boolean): Network | 'both' {
  const index = amounts[i]!.index;
  const before = mentions.filter((mention) => mention.index < index).at(-1);
  if (namedFirst && before) return before.network;
  const after = mentions.find(
    (mention) => mention.index > index && !HEADING.test(text.slice(mention.end)) && reaches(text, mentions, amounts, tiers, i, mention.index),
  );
  return after?.network ?? before?.network ?? 'in';
}

/** Amounts by network and tier from one answer's text; the first amount of each wins. */
export function answerAmounts(answer: string): NetworkAmounts {
  const text = cleanAnswer(answer);
  const amounts = [...text.matchAll(AMOUNT)].map((match) => ({
    index: match.index,
    end: match.index + match[0].length,
    value: Number(match[1]!.replace(/,/g, '')),
  }));
  const mentions = mentionsOf(text);
  const namedFirst = mentions.length > 0 && amounts.length > 0 && mentions[0]!.index < amounts[0]!.index;
  const tiers = tiersOfAmounts(text, amounts);
  const networks = amounts.map((_, i) => networkAt(text, mentions, amounts, tiers, i, namedFirst));
  for (const network of new Set(networks)) {
    const own = networks.flatMap((other, index) => (other === network ? [index] : []));
    if (own.length === 2) completePair(text, amounts, tiers, own as [number, number]);
  }
  const found: NetworkAmounts = {};
  amounts.forEach((amount, index) => {
    const tier = tiers[index];
    if (tier === undefined) return;
    const network = networks[index]!;
    for (const target of network === 'both' ? (['in', 'out'] as const) : [network]) (found[target] ??= {})[tier] ??= amount.value;
  });
  return found;
}

/**
 * Amounts from an answer printed as a grid: a line of network headings, then lines of amounts in
 * the same order, each led by its tier word or, without one, for `coverageTier` (the tier the SBC
 * is for, from "Coverage for:").
 */
export function gridAmounts(lines: string[], coverageTier: Tier | undefined): NetworkAmounts {
  const found: NetworkAmounts = {};
  let networks: Network[] | undefined;
  for (const raw of lines) {
    const line = cleanAnswer(raw);
    const amounts = [...line.matchAll(AMOUNT)].map((match) => Number(match[1]!.replace(/,/g, '')));
    if (amounts.length === 0) {
      const named = mentionsOf(line).map((mention) => mention.network);
      if (named.length > 0 && !named.includes('both')) networks = named as Network[];
      continue;
    }
    if (!networks || amounts.length !== networks.length) continue;
    const lead = new RegExp(`^(${TIER})\\b`, 'i').exec(line)?.[1];
    if (new RegExp(TIER, 'gi').test(lead === undefined ? line : line.slice(lead.length))) continue;
    const tier = lead === undefined ? coverageTier : tierOf(lead);
    if (tier === undefined) continue;
    networks.forEach((network, index) => ((found[network] ??= {})[tier] ??= amounts[index]!));
  }
  return found;
}

/** The deductible answer says there is none: "$0", "None", "There is no deductible", "N/A". */
export const saysNoDeductible = (answer: string): boolean =>
  /^(\$0(\.00)?\b(?!\s*\S*\s*\$)|none\b|n\/a\b|not applicable\b|there is no\b[^$]*deductible|this plan (has no|does not have a)\b[^$]*deductible|no\.?\s*(there is no|this plan has no)\b)/i.test(
    cleanAnswer(answer),
  ) && !/\$\s?[1-9]/.test(answer);
