import { foldText } from '../../shared/naics/fold-text';
import type { EmployerSummary } from '../../shared/resources/employer';
import type { NaicsTitle } from './naics-on-demand';

/** An employer of the list with its search text folded once, so typing only scans strings. */
export interface SearchableEmployer {
  summary: EmployerSummary;
  key: string;
}

export interface EmployerCriteria {
  /** Words matched anywhere in the name, web address, NAICS codes and NAICS titles. */
  query: string;
  /** A state code, or '' for any. */
  state: string;
  /** A NAICS code prefix such as "54" or "5415", or '' for any. */
  naics: string;
  /** A division id, or '' for any. */
  division: string;
}

export const NO_CRITERIA: EmployerCriteria = { query: '', state: '', naics: '', division: '' };

export function isFiltering(criteria: EmployerCriteria): boolean {
  return criteria.query.trim() !== '' || criteria.state !== '' || criteria.naics.trim() !== '' || criteria.division !== '';
}

/**
 * The employers in the service's order (by name), each with its search text. The order is not
 * changed here: the first window the service sends must stay where it is when the rest arrives.
 * `naicsTitle` is undefined while the NAICS titles are still loading: the codes are searched meanwhile.
 */
export function indexEmployers(summaries: readonly EmployerSummary[], naicsTitle?: NaicsTitle): SearchableEmployer[] {
  return summaries.map((summary) => ({
    summary,
    key: foldText([summary.name, summary.url, ...summary.naics_codes, ...summary.naics_codes.map((code) => naicsTitle?.(code) ?? '')].join('\n')),
  }));
}

export function filterEmployers(index: readonly SearchableEmployer[], criteria: EmployerCriteria): EmployerSummary[] {
  const words = foldText(criteria.query).split(/\s+/).filter(Boolean);
  const naics = criteria.naics.trim();
  const matches: EmployerSummary[] = [];
  for (const { summary, key } of index) {
    if (criteria.state && !(summary.location_states as readonly string[]).includes(criteria.state)) continue;
    if (criteria.division && summary.division !== criteria.division) continue;
    if (naics && !summary.naics_codes.some((code) => code.startsWith(naics))) continue;
    if (!words.every((word) => key.includes(word))) continue;
    matches.push(summary);
  }
  return matches;
}
