import { copayOf, firstPercent, normalizeText, NOT_COVERED } from './amounts.js';
import { decideDedApply, type DedApplyBasis } from './ded-apply.js';
import type { DeductibleFacts } from './page-one.js';
import type { Reading } from './reading.js';
import type { TableRow } from './tables.js';

/** A service the medical plan records, and how to recognise its row in the services table. */
interface Service {
  key: string;
  name: string;
  label: RegExp;
  drug?: boolean;
}

const SERVICES: Service[] = [
  { key: 'pcp', name: 'primary care visit', label: /^primary care/i },
  { key: 'sp', name: 'specialist visit', label: /^specialist visit/i },
  { key: 'lx', name: 'diagnostic test (lab and x-ray)', label: /^diagnostic test/i },
  { key: 'op', name: 'outpatient surgery facility fee', label: /^facility fee.*(ambulatory|surgery)/i },
  { key: 'er', name: 'emergency room', label: /^emergency room/i },
  { key: 'uc', name: 'urgent care', label: /^urgent care/i },
  { key: 'ip', name: 'hospital stay facility fee', label: /^facility fee.*hospital/i },
  { key: 'rx1', name: 'generic drugs (tier 1)', label: /^(tier 1\b|(preferred )?generic)/i, drug: true },
  { key: 'rx2', name: 'preferred brand drugs (tier 2)', label: /^(tier 2\b|preferred brand|brand drugs)/i, drug: true },
  { key: 'rx3', name: 'non-preferred drugs (tier 3)', label: /^(tier 3\b|non-preferred)/i, drug: true },
  { key: 'rx4', name: 'specialty drugs (tier 4)', label: /^(tier 4\b|(preferred )?specialty drugs)/i, drug: true },
];

/** Rows whose coinsurance is the plan's general coinsurance (not drugs, equipment or glasses). */
const CORE_ROW = /^(primary care|specialist visit|diagnostic test|imaging|facility fee|physician\/surgeon|emergency room|urgent care)/i;
const DRUG_ROW = /drug|^tier \d|generic|brand|specialty|self-injectable/i;

const mostCommon = (values: number[]): number | undefined => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

const cell = (row: TableRow, column: string): string => normalizeText(row.cells[column] ?? '');
const sourceOf = (row: TableRow, column: string): string => `${normalizeText(row.label)}: ${cell(row, column)}`;

/** Copays, coinsurance and each `*_ded_apply` from the services table. */
export function readServices(rows: TableRow[], facts: DeductibleFacts, reading: Reading): void {
  const drugNotes = rows
    .filter((row) => DRUG_ROW.test(row.label))
    .map((row) => cell(row, 'limits'))
    .join(' ');
  if (rows.length === 0) {
    reading.warn('The services table was not found: enter the copays, coinsurance and whether the deductible applies to each service.');
    return;
  }
  for (const service of SERVICES) {
    const matching = rows.filter((candidate) => service.label.test(normalizeText(candidate.label)));
    const row = matching[0];
    const costOf = (candidate: TableRow): string => `${copayOf(cell(candidate, 'in'))} ${firstPercent(cell(candidate, 'in'))}`;
    if (matching.some((other) => costOf(other) !== costOf(row!))) {
      reading.warn(`The ${service.name} row is printed more than once with different costs: enter its copay and deductible wording.`);
      continue;
    }
    if (!row) {
      if (!service.drug || ['rx1', 'rx2'].includes(service.key))
        reading.warn(`No row for ${service.name} in the services table: enter its copay and deductible wording.`);
      continue;
    }
    const cost = cell(row, 'in');
    if (cost === '') {
      reading.warn(`The ${service.name} row has no in-network cost: enter it.`);
      continue;
    }
    if (NOT_COVERED.test(cost)) continue;
    const copay = copayOf(cost);
    if (copay !== undefined) reading.set(`${service.key}_copay`, copay, row.page, sourceOf(row, 'in'));
    const rxDeductibleApplies = service.drug ? drugDeductibleCovers(facts.rxDeductible?.clause, row.label) : undefined;
    const decision = decideDedApply({
      cost,
      notes: service.drug ? `${cell(row, 'limits')} ${drugNotes}` : cell(row, 'limits'),
      ...(facts.deductible === undefined ? {} : { deductible: facts.deductible }),
      ...(facts.exemptions === undefined ? {} : { exemptions: facts.exemptions }),
      service: `${service.name} ${row.label}`,
      ...(rxDeductibleApplies === undefined ? {} : { rxDeductibleApplies }),
    });
    if (decision) reading.set(`${service.key}_ded_apply`, decision.value, row.page, `${sourceOf(row, 'in')}${becauseOf(decision.basis, facts)}`);
    else reading.warn(`Whether the deductible applies to ${service.name} is not clear from "${cost}": choose it.`);
  }
  readCoinsurance(rows, reading);
}

/** Why the deductible part was decided so, when the row's own words did not say. */
function becauseOf(basis: DedApplyBasis, facts: DeductibleFacts): string {
  switch (basis) {
    case 'explicit':
      return '';
    case 'separate_rx_deductible':
      return ` (separate drug deductible: ${facts.rxDeductible?.clause ?? ''})`;
    case 'no_deductible':
      return ' (the deductible is $0)';
    case 'summary':
      return ` (page 1: “${facts.exemptions ?? ''}”)`;
    case 'implied':
      return ' (page 1 does not list it among the services the deductible does not apply to)';
  }
}

/** Whether a separate drug deductible ("$250 ... for prescription brand drug coverage") covers this tier. */
function drugDeductibleCovers(clause: string | undefined, label: string): boolean {
  if (clause === undefined) return false;
  if (/\bbrand/i.test(clause) && !/\bbrand/i.test(label)) return false;
  const excluded = /does not apply to ([^.]+)/i.exec(clause)?.[1];
  return !(excluded && /generic/i.test(excluded) && /generic/i.test(label) && !/non-preferred/i.test(label));
}

/**
 * The member's percentage a cost cell states; none where the cell gives the plan's share ("Plan
 * pays 80%"), which is not the coinsurance and is left for the broker to enter.
 */
const memberShare = (text: string): number | undefined => (/\bplan pays\b/i.test(text) ? undefined : firstPercent(text));

function readCoinsurance(rows: TableRow[], reading: Reading): void {
  const core = rows.filter((row) => CORE_ROW.test(normalizeText(row.label)));
  // "0% after $25 copay" is a copay row: its 0% says nothing of the plan's coinsurance.
  const coinsuranceOf = (text: string): number | undefined => {
    const percent = memberShare(text);
    return percent === 0 && copayOf(text) !== undefined ? undefined : percent;
  };
  const inNetwork = core.map((row) => ({ row, percent: coinsuranceOf(cell(row, 'in')) })).filter((found) => found.percent !== undefined);
  const inCoin = mostCommon(inNetwork.map((found) => found.percent!));
  const planShare = core.find((row) => /\bplan pays\b/i.test(cell(row, 'in')));
  if (inCoin === undefined && planShare) reading.warn(`The services table gives the plan's share ("${cell(planShare, 'in')}"), not the coinsurance: enter it.`);
  else if (inCoin === undefined) reading.warn('No in-network coinsurance in the services table (the plan charges copays): enter the coinsurance, 0 if none.');
  else {
    const first = inNetwork.find((found) => found.percent === inCoin)!.row;
    reading.set('in_coin', inCoin, first.page, sourceOf(first, 'in'));
  }
  const outCovered = core.filter((row) => cell(row, 'out') !== '' && !NOT_COVERED.test(cell(row, 'out')));
  const outNotCovered = core.filter((row) => NOT_COVERED.test(cell(row, 'out')));
  if (outCovered.length * 2 > core.length) {
    const outOfNetwork = outCovered.map((row) => ({ row, percent: memberShare(cell(row, 'out')) })).filter((found) => found.percent !== undefined);
    const outCoin = mostCommon(outOfNetwork.map((found) => found.percent!));
    if (outCoin !== undefined) {
      const first = outOfNetwork.find((found) => found.percent === outCoin)!.row;
      reading.set('out_coin', outCoin, first.page, sourceOf(first, 'out'));
    }
  } else if (outNotCovered.length * 2 > core.length) {
    // The SBC's convention: out-of-network amounts are empty when out-of-network care is not covered.
    const stated = ['out_ded_single', 'out_ded_family', 'out_max_single', 'out_max_family'].filter((field) => field in reading.plan);
    if (stated.length > 0) {
      reading.clear(stated);
      reading.warn(
        `Page 1 gives out-of-network amounts but the services table says out-of-network care is not covered: ${stated.join(', ')} left empty; check them.`,
      );
    }
  }
  const drug = rows
    .filter((row) => DRUG_ROW.test(normalizeText(row.label)) && !NOT_COVERED.test(cell(row, 'in')))
    .map((row) => ({ row, percent: memberShare(cell(row, 'in')) }))
    .find((found) => found.percent !== undefined);
  if (drug) reading.set('rx_coin', drug.percent!, drug.row.page, sourceOf(drug.row, 'in'));
}
