// The synthetic SBC corpus: for each failure class a reader must survive, random plan designs
// written with that class's phrasings and layouts, each with the values a careful reader takes.
import { expectedFields, randomDesign, type PlanDesign } from './plan-truth.js';
import { Random } from './random.js';
import { renderSbcs, type Layout, type QuestionRow, type SbcDocument, type ServiceRow } from './render.js';
import { EDITIONS, NETWORK_HEADERS, type Edition, type ServiceKey } from './template-text.js';
import {
  amountsAnswer,
  BARE_TIERS,
  BEFORE_DEDUCTIBLE_FRAMES,
  COST_WORDINGS,
  costText,
  coverageLabel,
  EXEMPT_FRAMES,
  listText,
  money,
  outCostText,
  pairText,
  PLAIN_NETWORK_FORMS,
  PLAIN_TIERS,
  SERVICE_PHRASES,
  SHORT_NETWORK_FORMS,
  UNUSUAL_NETWORK_FORMS,
  UNUSUAL_TIERS,
  ZERO_DEDUCTIBLE,
  type AnswerWording,
} from './wording.js';

export const CLASSES = [
  'baseline',
  'split-headers',
  'network-names',
  'zero-deductible',
  'answer-phrasing',
  'grids-and-two-sbcs',
  'combined-cells',
  'spans-and-footers',
  'bare-tier-amounts',
  'exempt-services',
] as const;
export type FailureClass = (typeof CLASSES)[number];

export interface SyntheticCase {
  name: string;
  bytes: Uint8Array;
  expected: Record<string, unknown>;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const INTRO =
  'The Summary of Benefits and Coverage (SBC) document will help you choose a health plan. The SBC shows you how you and the plan would share the cost for covered health care services. NOTE: Information about the cost of this plan (called the premium) will be provided separately. This is only a summary.';

const WHY_TEXTS = [
  'See the chart starting on page 2 for your costs for services this plan covers.',
  'You must pay all of the costs for these services up to the specific deductible amount before this plan begins to pay for these services. If you have other family members on the plan, each family member must meet their own individual deductible until the total amount of deductible expenses paid by all family members meets the overall family deductible.',
  'This plan covers some items and services even if you have not yet met the deductible amount.',
];

/** What a class changes in the wording and layout of an otherwise ordinary SBC. */
interface Variant {
  edition: Edition;
  answers: AnswerWording;
  costHeaders: string[];
  combinedCosts: boolean;
  copayAfterPercent: boolean;
  grid: boolean;
  twoSbcs: boolean;
  /** The deductible answer covers both networks with one amount. */
  bothNetworksOnce: boolean;
  /** The family deductible is printed as "2 members family", not in dollars. */
  membersFamily: boolean;
  spanning: boolean;
  /** The carrier's name is only a logo: the header line starts with ': Plan name'. */
  logoOnly: boolean;
  /** Page 1's sentence on what the deductible does not apply to, and its answer on what is covered before it. */
  exemptSentence?: string;
  beforeAnswer?: string;
}

const SPLIT_HEADERS: [string, string][] = [
  ['Your cost if you use a\nParticipating Provider', 'Your cost if you use a\nNon-\nParticipating Provider'],
  ['In-Network\nProvider', 'Non\u0001-\u0001Network Provider'],
  ['In-\nNetwork', 'Out-of-\nNetwork'],
  ['In-Network Provider\n(You will pay the\nleast)', 'Out-of-Network\nProvider (You will\npay the most)'],
  ['Your Cost If\u0001 You Use\nan In-\u0001Network\nProvider', 'Your Cost If You\nUse an Out-of-\nNetwork Provider'],
];

const NAMED_HEADERS: [string, string][] = [
  ['Choice Plus Provider', 'Non-Choice Plus Provider'],
  ['BlueCard PPO Provider', 'Non-BlueCard PPO Provider'],
  ['Tier 1', 'Tier 2'],
  ['Network Provider (You will pay the least)', 'Out-of-Network Provider (You will pay the most)'],
  ['In\u2013Network Provider', 'Out\u2013of\u2013Network Provider'],
  ['In-Net\u00adwork Provider', 'Out-of-Net\u00adwork Provider'],
  ['Preferred Provider', 'Non\u2014Preferred Provider'],
];

function variantOf(random: Random, cls: FailureClass): Variant {
  const edition = random.pick([2013, 2017, 2021] as const);
  const unusualAnswers = cls === 'answer-phrasing';
  const variant: Variant = {
    edition,
    answers: {
      tiers: random.pick(unusualAnswers ? UNUSUAL_TIERS : PLAIN_TIERS),
      networks: random.pick(unusualAnswers ? UNUSUAL_NETWORK_FORMS : PLAIN_NETWORK_FORMS),
      networkOnly: random.pick([
        (text: string) => `${text}.`,
        (text: string) => `In-network: ${text}.`,
        (text: string) => `${text} for network providers.`,
        (text: string) => `Network: ${text} Per calendar year.`,
        (text: string) => `In-network: ${text}. Out-of-network: Not applicable.`,
      ]),
      zeroDeductible: random.pick(ZERO_DEDUCTIBLE),
    },
    costHeaders: NETWORK_HEADERS[edition],
    combinedCosts: cls === 'combined-cells' && random.chance(0.6),
    copayAfterPercent: cls === 'combined-cells' && random.chance(0.5),
    grid: cls === 'grids-and-two-sbcs' && random.chance(0.6),
    twoSbcs: false,
    bothNetworksOnce: unusualAnswers && random.chance(0.15),
    membersFamily: unusualAnswers && random.chance(0.15),
    spanning: cls === 'spans-and-footers',
    logoOnly: random.chance(0.15),
  };
  if (variant.membersFamily) variant.bothNetworksOnce = false;
  if (cls === 'split-headers') variant.costHeaders = random.pick(SPLIT_HEADERS);
  if (cls === 'network-names')
    variant.costHeaders = random.chance(0.25)
      ? ['Tier 1 Provider (You will pay the least)', 'Tier 2 Provider', 'Out-of-Network Provider (You will pay the most)']
      : random.pick(NAMED_HEADERS);
  if (cls === 'grids-and-two-sbcs') variant.twoSbcs = !variant.grid || random.chance(0.5);
  if (variant.combinedCosts) variant.costHeaders = [random.pick(['In-Network / Out-of-Network', 'Participating / Non-Participating Provider'])];
  if (cls === 'bare-tier-amounts') {
    variant.answers.tiers = random.pick(BARE_TIERS);
    variant.answers.networks = random.pick([...PLAIN_NETWORK_FORMS, ...SHORT_NETWORK_FORMS]);
  }
  return variant;
}

function layoutOf(random: Random, cls: FailureClass, costColumns: number): Layout {
  const landscape = random.chance(0.7);
  return {
    landscape,
    font: random.pick(['Helvetica', 'Helvetica', 'TimesRoman', 'Courier'] as const),
    size: random.pick(landscape ? [7, 7.5, 8, 8.5, 9] : [6.5, 7, 7.5]),
    leading: random.pick([1.1, 1.15, 1.2, 1.3]),
    valign: cls === 'spans-and-footers' ? 'center' : random.pick(['top', 'center'] as const),
    rowGap: random.int(2, 8),
    repeatHeader: random.chance(0.6),
    shares: [
      random.int(14, 20),
      random.int(16, 24),
      ...Array.from({ length: costColumns }, () => random.int(16, 22) * (costColumns === 1 ? 1.6 : 1)),
      random.int(22, 34),
    ],
    rotate: random.chance(0.1) ? random.pick([90, 270] as const) : 0,
    imagePage: random.chance(0.1),
    footerJoined: cls === 'spans-and-footers' && random.chance(0.5),
    tightNotes: cls === 'spans-and-footers' && random.chance(0.5),
    pageHeader: random.chance(0.5),
    gutter: random.int(5, 14),
    splitQuestionHeader: random.chance(0.25),
    splitRows: random.chance(0.4),
  };
}

function questionsOf(design: PlanDesign, variant: Variant, coverage: 'both' | 'single' | 'family'): QuestionRow[] {
  const text = EDITIONS[variant.edition].questions;
  const zero = design.deductible.in.single === 0;
  const amounts = (which: 'deductible' | 'limit'): string | string[][] => {
    const inPair = design[which].in;
    const outPair = design[which].out;
    if (variant.grid) {
      const pick = (pair: { single: number; family: number }): number => (coverage === 'family' ? pair.family : pair.single);
      if (coverage !== 'both')
        return outPair
          ? [
              ['In-Network', 'Out-of-Network'],
              [money(pick(inPair)), money(pick(outPair))],
            ]
          : [['In-Network'], [money(pick(inPair))]];
      return outPair
        ? [
            ['', 'In-Network', 'Out-of-Network'],
            ['Individual', money(inPair.single), money(outPair.single)],
            ['Family', money(inPair.family), money(outPair.family)],
          ]
        : [
            ['', 'In-Network'],
            ['Individual', money(inPair.single)],
            ['Family', money(inPair.family)],
          ];
    }
    const exemptions =
      which !== 'deductible'
        ? ''
        : (variant.exemptSentence ?? (design.exempt.length > 0 ? ' Does not apply to office visits, urgent care and generic drugs.' : ''));
    if (which === 'deductible' && variant.membersFamily)
      return `${money(inPair.single)} per member / 2 members family${outPair ? `; out-of-network ${money(outPair.single)} per member / 2 members family` : ''}.${exemptions}`;
    if (which === 'deductible' && variant.bothNetworksOnce)
      return `${pairText(inPair, variant.answers.tiers)} for in-network and out-of-network providers combined.${exemptions}`;
    const answer = amountsAnswer(inPair, outPair, variant.answers, which === 'deductible' && zero) + exemptions;
    return which === 'limit' && variant.edition === 2013 ? `Yes. ${answer}` : answer;
  };
  const before = zero
    ? 'Yes. Preventive care is covered before you meet your deductible.'
    : (variant.beforeAnswer ??
      (design.beforeDeductible.length > 0
        ? 'Yes. Primary care, urgent care and generic drugs are covered before you meet your deductible.'
        : 'Yes. Preventive care is covered before you meet your deductible.'));
  return [
    { question: text.deductible, answer: amounts('deductible') },
    ...(text.before ? [{ question: text.before, answer: before }] : []),
    { question: text.other, answer: 'No. There are no other specific deductibles.' },
    { question: text.limit, answer: amounts('limit') },
    { question: text.notIncluded, answer: 'Premiums, balance-billed charges, and health care this plan does not cover.' },
    { question: text.network, answer: 'Yes. See www.example-health.com or call 1-800-555-0100 for a list of network providers.' },
    { question: text.referral, answer: 'No. You can see the specialist you choose without a referral.' },
  ];
}

/** A second benefit level's cost: the first level's amounts raised, a column the reader must not take for either network. */
const secondTier = (text: string): string =>
  text.replace(/\d+(?=%)/g, (percent) => String(Number(percent) + 10)).replace(/\$(\d+)/g, (_, amount: string) => `$${Number(amount) + 15}`);

/** Drug rows named by tier, as some carriers print them instead of the template's names. */
const TIER_LABELS: Partial<Record<ServiceKey, string>> = {
  rx1: 'Tier 1 - Your Lowest-Cost Option',
  rx2: 'Tier 2 - Your Midrange-Cost Option',
  rx3: 'Tier 3 - Your Highest-Cost Option',
  rx4: 'Tier 4 - Additional High-Cost Options',
};

function rowsOf(random: Random, design: PlanDesign, variant: Variant): ServiceRow[] {
  const wording = random.pick(COST_WORDINGS);
  const rows: ServiceRow[] = [];
  const notes = ['None', 'Prior authorization required.', '', 'Limited to 20 visits per year.', 'Costs may be higher for services out of the area.'];
  const tierLabels = random.chance(0.2);
  for (const event of EDITIONS[variant.edition].events) {
    event.rows.forEach((templateRow, index) => {
      const key = templateRow.key as ServiceKey | undefined;
      const inText = key
        ? costText(design.services[key], wording, key, design.xrayCopay)
        : templateRow.label.startsWith('Preventive')
          ? 'No charge'
          : wording.percent(design.coinsurance.in);
      const outText = key
        ? outCostText(design, key, inText, wording)
        : design.coinsurance.out === undefined
          ? wording.notCovered
          : wording.percent(design.coinsurance.out);
      const costs: ServiceRow['costs'] = variant.combinedCosts
        ? [`${inText} / ${outText}`]
        : variant.spanning && key === 'er' && inText === outText
          ? [{ span: inText }, '']
          : variant.costHeaders.length === 3
            ? [inText, secondTier(inText), outText]
            : [inText, outText];
      const label = key && tierLabels && key.startsWith('rx') ? TIER_LABELS[key]! : templateRow.label;
      rows.push({ ...(index === 0 ? { event: event.event } : {}), label, costs, limits: random.pick(notes) });
    });
  }
  return rows;
}

function documentOf(random: Random, design: PlanDesign, variant: Variant, coverage: 'both' | 'single' | 'family'): SbcDocument {
  const [month, day, year] = design.start;
  const end = new Date(Date.UTC(year, month - 1 + 12, day - 1));
  const named = random.chance(0.25);
  const date = (m: number, d: number, y: number): string =>
    named ? `${MONTH_NAMES[m - 1]} ${d}, ${y}` : `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
  const coverageFor = coverage === 'both' ? coverageLabel(random) : coverage === 'single' ? 'Individual' : 'Family';
  return {
    header: [
      EDITIONS[variant.edition].title,
      `${variant.logoOnly ? '' : design.carrier}: ${design.planName}`,
      `Coverage Period: ${date(month, day, year)} - ${date(end.getUTCMonth() + 1, end.getUTCDate(), end.getUTCFullYear())}`,
      `Coverage for: ${coverageFor} | Plan Type: ${design.type}`,
    ],
    ...(variant.edition === 2013 ? {} : { intro: INTRO }),
    why: random.pick(WHY_TEXTS),
    questions: questionsOf(design, variant, coverage),
    ...(EDITIONS[variant.edition].header.costs ? { costsTitle: EDITIONS[variant.edition].header.costs! } : {}),
    costHeaders: variant.costHeaders,
    limitsHeader: EDITIONS[variant.edition].header.limits,
    rows: rowsOf(random, design, variant),
    footer: 'Questions: Call 1-800-555-0100 or visit us at www.example-health.com.',
  };
}

/**
 * Services named on page 1 as exempt from the deductible or covered before it, one to three of
 * SERVICE_PHRASES: in the deductible answer (every edition) or the 2017+ editions' own question.
 */
function nameServicesBeforeDeductible(random: Random, design: PlanDesign, variant: Variant): void {
  const phrases = Array.from({ length: random.int(1, 3) }, () => random.pick(SERVICE_PHRASES)).filter(
    (phrase, index, all) => all.findIndex((other) => other.text === phrase.text) === index,
  );
  const list = listText(
    phrases.map((phrase) => phrase.text),
    random.chance(0.5),
  );
  const keys = [...new Set(phrases.flatMap((phrase) => phrase.keys))];
  design.beforeDeductible = [];
  design.exempt = [];
  if (variant.edition === 2013 || random.chance(0.3)) {
    design.exempt = keys;
    variant.exemptSentence = random.pick(EXEMPT_FRAMES)(list);
  } else {
    design.beforeDeductible = keys;
    variant.beforeAnswer = random.pick(BEFORE_DEDUCTIBLE_FRAMES)(list);
  }
}

/** One synthetic SBC of a failure class, made again identically from the same seed. */
export async function syntheticCase(cls: FailureClass, seed: number): Promise<SyntheticCase> {
  const random = new Random(seed * 7919 + CLASSES.indexOf(cls));
  const variant = variantOf(random, cls);
  const design = randomDesign(random, cls === 'zero-deductible' ? { zeroDeductible: true, outOfNetwork: false } : {});
  if (variant.grid) design.exempt = [];
  if (cls === 'exempt-services') nameServicesBeforeDeductible(random, design, variant);
  if (variant.copayAfterPercent) {
    for (const [key, cost] of Object.entries(design.services)) {
      if (!key.startsWith('rx') && cost.copay !== undefined && cost.percent === undefined) Object.assign(cost, { percent: 0, percentFirst: true });
    }
  }
  const expected = expectedFields(design, variant.edition);
  if (variant.logoOnly) expected.carrier = null;
  if (variant.membersFamily) {
    expected.in_ded_family = null;
    expected.out_ded_family = null;
  }
  if (variant.bothNetworksOnce && design.deductible.out) {
    expected.out_ded_single = design.deductible.in.single;
    expected.out_ded_family = design.deductible.in.family;
  }
  const documents = variant.twoSbcs
    ? [documentOf(random, design, variant, 'single'), documentOf(random, design, variant, 'family')]
    : [documentOf(random, design, variant, 'both')];
  const layout = layoutOf(random, cls, variant.costHeaders.length);
  return { name: `${cls} #${seed} (${variant.edition} edition)`, bytes: await renderSbcs(documents, layout), expected };
}
