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

/**
 * Whether a summary list ("Does not apply to copays, office visits and prescription drugs", "Primary
 * care office visits are covered before the deductible") covers this row. The list is read item by
 * item, and each item for the rows it names: "primary care office visits" the primary care row and
 * not the specialist's, "office visits" both, "mental health office visits" neither, "generic drugs"
 * the generic tier only.
 */
export function exemptedBySummary(exemptions: string, cost: string, service: string): boolean {
  const list = exemptions.toLowerCase();
  // "Certain benefit categories with a copay" exempts some copays, not every row charging one; "a
  // copayment or coinsurance may apply" exempts none.
  const everyCopay = COPAYS.test(list) && !SOME_COPAYS.test(list) && !COPAY_STILL_APPLIES.test(list);
  if (everyCopay && COPAY.test(cost) && !chargesCoinsurance(cost)) return true;
  if (/no charge/.test(list) && NO_CHARGE.test(cost.trim())) return true;
  const row = serviceOf(service.toLowerCase());
  if (row === undefined) return false;
  return itemsOf(list).some((item) => {
    const named = servicesNamedBy(item);
    if (!named.has(row.kind)) return false;
    if (row.kind !== 'drug') return true;
    const tiers = drugTiersOf(item);
    return tiers.size === 0 || [...row.tiers].some((tier) => tiers.has(tier));
  });
}

const COPAYS = /\b(copay|co-pay|copayment)/;
const SOME_COPAYS = /\b(certain|some|select)\b[^.]*\b(copay|co-pay|copayment)/;
const COPAY_STILL_APPLIES = /\b(copay|co-pay|copayment)s?\b( or coinsurance)? (may|will|still) apply/;

type ServiceKind = 'primary care' | 'specialist' | 'emergency' | 'urgent care' | 'test' | 'hospital stay' | 'outpatient surgery' | 'drug';
type DrugTier = 'generic' | 'preferred brand' | 'non-preferred' | 'specialty';

/** The items of a list: split at commas, semicolons, ampersands, sentence ends and "and"/"or". */
const itemsOf = (list: string): string[] =>
  list
    .split(/[,;&]|\.(?:\s|$)|\b(?:and|or)\b/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

const DRUG_WORDS = /\b(drugs?|prescriptions?|pharmacy|rx|generics?|brand|specialty|formulary)\b|\btier [1-4]\b/;
const VISIT = /\bvisits?\b/;
/** Words before "visits" that say nothing of which doctor: "doctor office visits", "this plan covers in-network office visits". */
const ANY_DOCTOR =
  /^(yes|the|this|plan|covers?|covered|includ(e|es|ing)|such|as|e\.g\.?|for|example|your|all|in-network|network|participating|preferred|providers?|doctors?|doctor's|physicians?|physician's|office|to|with|are|is|an?)$/;

/** The kinds of rows one item of a list names. */
function servicesNamedBy(item: string): Set<ServiceKind> {
  const named = new Set<ServiceKind>();
  if (/\bemergency\b/.test(item)) named.add('emergency');
  if (/\burgent\b/.test(item)) named.add('urgent care');
  if (/\b(diagnostic|lab|labs|laboratory|x-?rays?)\b/.test(item)) named.add('test');
  if (/\b(inpatient|hospital stays?)\b/.test(item)) named.add('hospital stay');
  if (/\b(outpatient|ambulatory)\b|(?<!inpatient )\bsurgery\b/.test(item)) named.add('outpatient surgery');
  if (DRUG_WORDS.test(item)) named.add('drug');
  const primary = /\b(primary care|primary|pcp)\b/.test(item);
  const specialist = /\b(specialist|specialists)\b/.test(item);
  if (primary) named.add('primary care');
  if (specialist) named.add('specialist');
  if (primary || specialist || named.has('emergency') || named.has('urgent care')) return named;
  // "Office visits" and "physician visits" are both doctors' visits; "mental health office visits" neither.
  const visit = VISIT.exec(item);
  const doctorsVisit = visit
    ? item
        .slice(0, visit.index)
        .split(/\s+/)
        .slice(-3)
        .every((word) => word === '' || ANY_DOCTOR.test(word))
    : /\bphysicians?\b/.test(item);
  if (doctorsVisit) named.add('primary care').add('specialist');
  return named;
}

/** The drug tiers words name: "generic", "preferred brand", "non-preferred", "specialty", or a tier's number. */
function drugTiersOf(text: string): Set<DrugTier> {
  const tiers = new Set<DrugTier>();
  if (/\bnon-?preferred\b|\btier 3\b/.test(text)) tiers.add('non-preferred');
  const rest = text.replace(/\bnon-?preferred( brand)?( name)?\b/g, ' ');
  if (/\bgenerics?\b|\btier 1\b/.test(rest)) tiers.add('generic');
  if (/\bpreferred brand\b|\btier 2\b/.test(rest)) tiers.add('preferred brand');
  else if (/\bbrand\b/.test(rest)) tiers.add('preferred brand').add('non-preferred');
  if (/\bspecialty\b|\btier 4\b/.test(rest)) tiers.add('specialty');
  return tiers;
}

/** The kind of row (and for a drug row its tier) from the row's name and label. */
function serviceOf(words: string): { kind: ServiceKind; tiers: Set<DrugTier> } | undefined {
  const kinds: [RegExp, ServiceKind][] = [
    [/drug|tier \d|generic|brand|specialty/, 'drug'],
    [/primary care/, 'primary care'],
    [/specialist/, 'specialist'],
    [/emergency/, 'emergency'],
    [/urgent/, 'urgent care'],
    [/diagnostic|lab|x-?ray/, 'test'],
    [/hospital stay|inpatient/, 'hospital stay'],
    [/ambulatory|outpatient/, 'outpatient surgery'],
  ];
  const kind = kinds.find(([pattern]) => pattern.test(words))?.[1];
  return kind === undefined ? undefined : { kind, tiers: kind === 'drug' ? drugTiersOf(words) : new Set() };
}

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
