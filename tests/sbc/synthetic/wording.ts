// How a synthetic SBC words its plan design: page 1's answers and the services table's cells, each
// with the phrasings real carriers use. A `Phrasing` picks one of each.
import type { Pair, PlanDesign, ServiceCost } from './plan-truth.js';
import type { Random } from './random.js';
import type { ServiceKey } from './template-text.js';

export const money = (amount: number): string => `$${amount.toLocaleString('en-US')}`;

/** Tier words for single and family coverage, and how an amount and its tier word are put together. */
export interface TierWords {
  single: string;
  family: string;
  /** 'before': "Individual $500"; 'after': "$500 individual". */
  order: 'before' | 'after';
  /** Between the two amounts. */
  separator: string;
  /** Printed between an amount and its tier word (a footnote mark, or nothing: glued). */
  join: string;
  /** Printed after the tier word ("$500 (individual)"). */
  close?: string;
  /** The tier whose amount is printed with no word ("$500 / Family $1,000": the bare amount is the other tier's). */
  bare?: 'single' | 'family';
  /**
   * Both words printed together: after both amounts ("$500/$1,000 (Individual/Family)"), before
   * them, or once ahead of the whole answer ("Individual/Family: In-network $500/$1,000; ...").
   */
  grouped?: 'before' | 'after' | 'once';
}

export const PLAIN_TIERS: TierWords[] = [
  { single: 'individual', family: 'family', order: 'after', separator: ' / ', join: ' ' },
  { single: 'Individual', family: 'Family', order: 'before', separator: ' / ', join: ' ' },
  { single: 'person', family: 'family', order: 'after', separator: '/', join: ' ' },
  { single: 'per person', family: 'per family', order: 'after', separator: ', ', join: ' ' },
  { single: 'Single', family: 'Family', order: 'before', separator: '; ', join: ': ' },
  { single: 'individual', family: 'family', order: 'after', separator: ', ', join: '/' },
  { single: 'individual', family: 'family', order: 'after', separator: ' / ', join: ' (', close: ')' },
  { single: 'Ind', family: 'Fam', order: 'after', separator: ' / ', join: ' ' },
];

export const UNUSUAL_TIERS: TierWords[] = [
  { single: 'EE Only', family: 'EE+ Family', order: 'before', separator: '; ', join: ' ' },
  { single: 'Self-only', family: 'Family', order: 'before', separator: ' / ', join: ' ' },
  { single: 'per member', family: 'per family', order: 'after', separator: ' / ', join: ' ' },
  { single: 'Employee', family: 'Family', order: 'before', separator: ' - ', join: ' ' },
  { single: 'individual', family: 'family', order: 'after', separator: ' / ', join: '* ' },
  { single: 'Individual', family: 'Family', order: 'after', separator: '/', join: '' },
  { single: 'Individual', family: 'Family', order: 'after', separator: ' ', join: ' ' },
];

/**
 * A network's amounts with one tier printed bare, or with both tier words together: what a careful
 * reader still reads in full (the bare amount is the tier the other's word does not name).
 */
export const BARE_TIERS: TierWords[] = [
  { single: '', family: 'Family', order: 'before', separator: ' / ', join: ' ', bare: 'single' },
  { single: '', family: 'family', order: 'after', separator: ' / ', join: ' ', bare: 'single' },
  { single: '', family: 'Family', order: 'before', separator: ' / ', join: ': ', bare: 'single' },
  { single: '', family: 'per family', order: 'after', separator: '; ', join: ' ', bare: 'single' },
  { single: 'Individual', family: '', order: 'before', separator: ' / ', join: ' ', bare: 'family' },
  { single: 'individual', family: '', order: 'after', separator: ', ', join: ' ', bare: 'family' },
  { single: 'Individual', family: 'Family', order: 'after', separator: '/', join: ' (', close: ')', grouped: 'after' },
  { single: 'individual', family: 'family', order: 'after', separator: ' / ', join: ' ', grouped: 'after' },
  { single: 'Individual', family: 'Family', order: 'before', separator: '/', join: ': ', grouped: 'before' },
  { single: 'Single', family: 'Family', order: 'before', separator: ' / ', join: ' ', grouped: 'before' },
  { single: 'Individual', family: 'Family', order: 'before', separator: '/', join: ': ', grouped: 'once' },
  { single: 'Single', family: 'Family', order: 'before', separator: ' / ', join: ' - ', grouped: 'once' },
];

export function pairText(amounts: Pair, tiers: TierWords): string {
  const both = `${money(amounts.single)}${tiers.separator}${money(amounts.family)}`;
  const words = `${tiers.single}${tiers.separator}${tiers.family}`;
  if (tiers.grouped === 'after') return `${both}${tiers.join}${words}${tiers.close ?? ''}`;
  if (tiers.grouped === 'before') return `${words}${tiers.join}${both}`;
  if (tiers.grouped === 'once') return both;
  const one = (amount: number, word: string, tier: 'single' | 'family'): string => {
    if (tiers.bare === tier) return money(amount);
    return tiers.order === 'before' ? `${word}${tiers.join}${money(amount)}` : `${money(amount)}${tiers.join}${word}${tiers.close ?? ''}`;
  };
  return `${one(amounts.single, tiers.single, 'single')}${tiers.separator}${one(amounts.family, tiers.family, 'family')}`;
}

/** How an answer names the two networks around their amounts. */
export type NetworkForm = (inText: string, outText: string) => string;

export const PLAIN_NETWORK_FORMS: NetworkForm[] = [
  (a, b) => `${a} for in-network providers; ${b} for out-of-network providers.`,
  (a, b) => `In-network: ${a}. Out-of-network: ${b}.`,
  (a, b) => `For network providers ${a}; for out-of-network providers ${b}.`,
  (a, b) => `In-Network: ${a}; Out-of-Network: ${b}.`,
  (a, b) => `For each Calendar Year, In-Network: ${a}. Out-of-Network: ${b}.`,
];

export const UNUSUAL_NETWORK_FORMS: NetworkForm[] = [
  (a, b) => `In-Network ${a} Out-of-Network ${b}`,
  (a, b) => `${a} participating providers ${b} non-participating providers`,
  (a, b) => `For preferred providers ${a}. For non-preferred providers ${b}.`,
  (a, b) => `Network: ${a} Non-Network: ${b}`,
  (a, b) => `${a} in-network, ${b} out-of-network.`,
  (a, b) => `Participating Providers: ${a}. Non-Participating Providers: ${b}.`,
];

/** Networks named as "Network" against "Out-of-network", and other short forms, around bare-tier amounts. */
export const SHORT_NETWORK_FORMS: NetworkForm[] = [
  (a, b) => `Network: ${a}. Out-of-network: ${b}.`,
  (a, b) => `Network providers: ${a}; out-of-network providers: ${b}.`,
  (a, b) => `In-network ${a}; out-of-network ${b}.`,
  (a, b) => `Network ${a}. Non-Network ${b}.`,
];

/** Wording of the answers to the deductible question when the deductible is $0. */
export const ZERO_DEDUCTIBLE = ['$0', '$0.', 'None', 'There is no deductible.', 'None. This plan has no deductible.', 'N/A. There is no overall deductible.'];

export interface AnswerWording {
  tiers: TierWords;
  networks: NetworkForm;
  /** A network-only plan's answer: its amounts alone, or named as the network's. */
  networkOnly: (text: string) => string;
  zeroDeductible: string;
}

/** The text of one amounts answer (deductible or limit). */
export function amountsAnswer(inPair: Pair, outPair: Pair | undefined, wording: AnswerWording, zero: boolean): string {
  if (zero) return wording.zeroDeductible;
  const inText = pairText(inPair, wording.tiers);
  const answer = outPair ? wording.networks(inText, pairText(outPair, wording.tiers)) : wording.networkOnly(inText);
  const { grouped, single, separator, family, join } = wording.tiers;
  return grouped === 'once' ? `${single}${separator}${family}${join}${answer}` : answer;
}

/** Cost-cell wording: "$25 copay/visit" and friends. */
export interface CostWording {
  copay: (amount: number) => string;
  percent: (value: number) => string;
  waived: string;
  afterDeductible: string;
  notCovered: string;
}

export const COST_WORDINGS: CostWording[] = [
  {
    copay: (a) => `You pay ${money(a)} per visit`,
    percent: (p) => `You pay ${p}% of the allowed amount`,
    waived: '. Deductible does not apply',
    afterDeductible: ' after the deductible is met',
    notCovered: 'Not covered',
  },
  {
    copay: (a) => `Copay: ${money(a)}`,
    percent: (p) => `Coinsurance: ${p}%`,
    waived: '; Deductible waived',
    afterDeductible: ' after Deductible',
    notCovered: 'Not Covered',
  },
  {
    copay: (a) => `${money(a)} Copay`,
    percent: (p) => `${p}% Coinsurance`,
    waived: ' (Deductible does not apply)',
    afterDeductible: '; Deductible applies',
    notCovered: 'Excluded',
  },
  {
    copay: (a) => `${money(a)} copay/visit`,
    percent: (p) => `${p}% coinsurance`,
    waived: '; deductible does not apply',
    afterDeductible: ' after deductible',
    notCovered: 'Not covered',
  },
  {
    copay: (a) => `${money(a)} copay per visit`,
    percent: (p) => `${p}% coinsurance`,
    waived: ', deductible does not apply',
    afterDeductible: ' after the deductible',
    notCovered: 'Not Covered',
  },
  {
    copay: (a) => `${money(a)} copay`,
    percent: (p) => `${p}% co-insurance`,
    waived: ' (deductible waived)',
    afterDeductible: ', deductible applies',
    notCovered: 'Not covered',
  },
  {
    copay: (a) => `${money(a)} co-pay per visit`,
    percent: (p) => `${p}% coinsurance`,
    waived: ', no deductible',
    afterDeductible: ' after deductible',
    notCovered: 'No coverage',
  },
];

export function costText(cost: ServiceCost, wording: CostWording, key: ServiceKey, xrayCopay?: number): string {
  let text: string;
  if (cost.copay !== undefined && cost.percent !== undefined)
    text = cost.percentFirst ? `${cost.percent}% after ${money(cost.copay)} copay` : `${wording.copay(cost.copay)} then ${wording.percent(cost.percent)}`;
  else if (cost.copay !== undefined && key === 'lx' && xrayCopay !== undefined) text = `Lab: ${wording.copay(cost.copay)} X-ray: ${wording.copay(xrayCopay)}`;
  else if (cost.copay !== undefined)
    text = key.startsWith('rx') ? `${money(cost.copay)} copay/prescription (retail), ${money(cost.copay * 2)} copay (mail order)` : wording.copay(cost.copay);
  else text = wording.percent(cost.percent!);
  if (cost.waived) text += wording.waived;
  if (cost.afterDeductible) text += wording.afterDeductible;
  return text;
}

export function outCostText(design: PlanDesign, key: ServiceKey, inText: string, wording: CostWording): string {
  if (key === 'er') return inText;
  if (design.coinsurance.out === undefined) return wording.notCovered;
  return key.startsWith('rx') ? wording.notCovered : wording.percent(design.coinsurance.out);
}

export const coverageLabel = (random: Random): string => random.pick(['Individual + Family', 'Employee/Family', 'Single + Family', 'Individual/Family']);

/**
 * How page 1 names services the deductible does not apply to (or that are covered before it), with
 * the rows each name covers: "primary care office visits" is the primary care row, not the
 * specialist's; "office visits" both; a kind of visit the table has no row for, neither.
 */
export const SERVICE_PHRASES: { text: string; keys: ServiceKey[] }[] = [
  { text: 'primary care office visits', keys: ['pcp'] },
  { text: 'primary care visits', keys: ['pcp'] },
  { text: 'office visits to your primary care provider', keys: ['pcp'] },
  { text: 'PCP office visits', keys: ['pcp'] },
  { text: 'specialist office visits', keys: ['sp'] },
  { text: 'specialist visits', keys: ['sp'] },
  { text: 'office visits', keys: ['pcp', 'sp'] },
  { text: 'primary care and specialist office visits', keys: ['pcp', 'sp'] },
  { text: 'doctor office visits', keys: ['pcp', 'sp'] },
  { text: 'physician office visits', keys: ['pcp', 'sp'] },
  { text: 'mental health office visits', keys: [] },
  { text: 'chiropractic office visits', keys: [] },
  { text: 'telehealth visits', keys: [] },
  { text: 'urgent care', keys: ['uc'] },
  { text: 'urgent care center visits', keys: ['uc'] },
  { text: 'emergency room services', keys: ['er'] },
  { text: 'diagnostic tests', keys: ['lx'] },
  { text: 'lab and x-ray services', keys: ['lx'] },
  { text: 'outpatient surgery', keys: ['op'] },
  { text: 'generic drugs', keys: ['rx1'] },
  { text: 'preferred generic drugs', keys: ['rx1'] },
  { text: 'Tier 1 drugs', keys: ['rx1'] },
  { text: 'preferred brand drugs', keys: ['rx2'] },
  { text: 'non-preferred brand drugs', keys: ['rx3'] },
  { text: 'generic and preferred brand drugs', keys: ['rx1', 'rx2'] },
  { text: 'prescription drugs', keys: ['rx1', 'rx2', 'rx3', 'rx4'] },
];

/** "a", "a and b", "a, b and c" (with or without the serial comma). */
export function listText(items: string[], serialComma: boolean): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${serialComma && items.length > 2 ? ',' : ''} and ${items.at(-1)}`;
}

/** Page 1's answer to "Are there services covered before you meet your deductible?" around a list of services. */
export const BEFORE_DEDUCTIBLE_FRAMES: ((list: string) => string)[] = [
  (list) => `Yes. ${list[0]!.toUpperCase()}${list.slice(1)} are covered before you meet your deductible.`,
  (list) => `Yes. Preventive care and ${list} are covered before you meet your deductible.`,
  (list) => `Yes, ${list} are covered before the deductible.`,
  (list) =>
    `Yes. This plan covers some items and services even if you haven't yet met the deductible amount. But a copayment or coinsurance may apply. For example, this plan covers ${list} before you meet your deductible.`,
];

/** The deductible answer's sentence naming what the deductible does not apply to. */
export const EXEMPT_FRAMES: ((list: string) => string)[] = [
  (list) => ` Does not apply to ${list}.`,
  (list) => ` The deductible does not apply to ${list}.`,
  (list) => ` Doesn't apply to ${list}.`,
];
