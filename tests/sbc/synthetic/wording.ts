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

export function pairText(amounts: Pair, tiers: TierWords): string {
  const one = (amount: number, word: string): string =>
    tiers.order === 'before' ? `${word}${tiers.join}${money(amount)}` : `${money(amount)}${tiers.join}${word}`;
  return `${one(amounts.single, tiers.single)}${tiers.separator}${one(amounts.family, tiers.family)}`;
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
  if (!outPair) return wording.networkOnly(inText);
  return wording.networks(inText, pairText(outPair, wording.tiers));
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
