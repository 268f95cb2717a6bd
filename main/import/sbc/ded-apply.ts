/**
 * The wording of an SBC row → a medical plan's `*_ded_apply` value (FALSE: neither deductible nor
 * coinsurance; FALSE_COIN: only coinsurance; TRUE: only deductible; TRUE_COIN: both). Pure: the
 * reader gathers the wording, this decides.
 */
type DedApply = 'FALSE' | 'FALSE_COIN' | 'TRUE' | 'TRUE_COIN';

/** How the deductible part was decided, most direct first. */
export type DedApplyBasis = 'explicit' | 'separate_rx_deductible' | 'no_deductible' | 'summary' | 'implied';

export interface DedApplyFacts {
  /** The in-network cost cell, e.g. "$30 copay; deductible does not apply". */
  cost: string;
  /** Notes printed for this row (the Limitations column), read only for what the deductible does. */
  notes?: string;
  /** The in-network overall deductible in dollars, when page 1 states it. */
  deductible?: number;
  /** Page 1's list of what the deductible does not apply to (or what is covered before it). */
  exemptions?: string;
  /** Words that say which services the exemptions concern: this row's label and kind. */
  service: string;
  /** A separate drug deductible that covers this drug tier, when there is one. */
  rxDeductibleApplies?: boolean;
}

export interface DedApplyDecision {
  value: DedApply;
  basis: DedApplyBasis;
}

const WAIVED =
  /\b(deductible|ded\.?)\s+(does not|doesn.t|do not)\s+apply|\b(deductible|ded\.?)\s+(is\s+)?waived|\bno\s+deductible|\bnot subject to (the |a |your )?deductible|\b(does|do) not apply to (the )?(medical )?(plan )?deductible|\bbefore (you meet |meeting )?(the |your )?deductible/i;
const APPLIES =
  /\bafter (the |your |a )?(\$[\d,]+ )?([a-z-]+ ){0,4}(deductible|ded)\b|\b(deductible|ded) (applies|first)\b|\bsubject to (the |a |your )?deductible|(\$[\d,]+ )?deductible,? then\b/i;
const PARTLY = /^\s*(to|for)\s+(certain|some|select|specific|preventive)\b/i;
const COINSURANCE = /\b(\d{1,2}|100)\s?%/;
const COPAY = /\$\s?[\d,]+\s*(copay|co-pay|per)/i;
const NO_CHARGE = /^no charge\b/i;

/** What the row's own words say about the deductible: it applies, it does not, or nothing. */
export function deductibleWording(text: string): 'applies' | 'waived' | undefined {
  const waived = [...text.matchAll(new RegExp(WAIVED.source, 'gi'))];
  // "Deductible doesn't apply to certain preventive medications" waives it for some items, not the row.
  if (waived.some((match) => !PARTLY.test(text.slice(match.index + match[0].length)))) return 'waived';
  if (APPLIES.test(text)) return 'applies';
  return undefined;
}

/**
 * Whether the cost cell states a percentage (coinsurance) of a covered service; "0% coinsurance"
 * counts: the row is coinsurance-based, at 0% after the deductible.
 */
export const chargesCoinsurance = (cost: string): boolean => COINSURANCE.test(cost);

/** Whether a summary list ("Does not apply to copays, office visits and prescription drugs") covers this row. */
export function exemptedBySummary(exemptions: string, cost: string, service: string): boolean {
  const list = exemptions.toLowerCase();
  // "Certain benefit categories with a copay" exempts some copays, not every row charging one.
  const everyCopay = /\bcopay|co-pay|copayment/.test(list) && !/\b(certain|some|select)\b[^.]*\b(copay|co-pay|copayment)/.test(list);
  if (everyCopay && COPAY.test(cost) && !chargesCoinsurance(cost)) return true;
  if (/no charge/.test(list) && NO_CHARGE.test(cost.trim())) return true;
  const words = service.toLowerCase();
  const topics: [RegExp, RegExp][] = [
    [/office visits?|physician/, /primary care|specialist|office/],
    [/primary care/, /primary care/],
    [/specialist/, /specialist/],
    [/emergency/, /emergency/],
    [/urgent/, /urgent/],
    [/lab|x-?ray|diagnostic/, /diagnostic|lab|x-?ray/],
    [/inpatient|hospital stay/, /hospital room|inpatient/],
    [/outpatient|surgery/, /ambulatory|outpatient/],
    [/prescription|drug|pharmacy|\brx\b/, /drug|tier|prescription|generic|brand|specialty/],
  ];
  if (!topics.some(([inList, inService]) => inList.test(list) && inService.test(words))) return false;
  // "Generic drugs are covered before the deductible" exempts that tier, not every drug tier.
  const tiersNamed = DRUG_TIER_WORDS.filter((tier) => tier.test(list));
  return !/drug|tier|generic|brand|specialty/.test(words) || tiersNamed.length === 0 || tiersNamed.some((tier) => tier.test(words));
}

const DRUG_TIER_WORDS = [/\bgeneric/, /\bbrand/, /\bspecialty/];

/**
 * Decides a row's `*_ded_apply`. The row's own words win; then a separate drug deductible; then a
 * deductible of $0; then page 1's list of exemptions; otherwise the deductible applies, as the
 * template says it does to every service not listed. Undefined when nothing settles it (the row
 * is silent and the overall deductible is not known).
 */
export function decideDedApply(facts: DedApplyFacts): DedApplyDecision | undefined {
  const coin = chargesCoinsurance(facts.cost);
  const result = (applies: boolean, basis: DedApplyBasis): DedApplyDecision => ({
    value: applies ? (coin ? 'TRUE_COIN' : 'TRUE') : coin ? 'FALSE_COIN' : 'FALSE',
    basis,
  });
  const own = deductibleWording(facts.cost) ?? (facts.notes === undefined ? undefined : deductibleWording(facts.notes));
  if (own) return result(own === 'applies', 'explicit');
  if (facts.rxDeductibleApplies) return result(true, 'separate_rx_deductible');
  if (facts.deductible === 0) return result(false, 'no_deductible');
  if (facts.exemptions !== undefined && exemptedBySummary(facts.exemptions, facts.cost, facts.service)) return result(false, 'summary');
  return facts.deductible === undefined ? undefined : result(true, 'implied');
}
