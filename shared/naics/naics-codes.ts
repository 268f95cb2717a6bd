// The 6-digit NAICS 2017 codes, without their titles: what an employer's codes are checked against,
// by the service, the import and the forms alike (the titles, 60 KB, are loaded only where shown).
// Generated data: scripts/naics-titles.cjs writes it with the titles the picker searches.
import naicsCodes from './naics-2017-codes.json' with { type: 'json' };

export const NAICS_EDITION = naicsCodes.edition;

const known: ReadonlySet<string> = new Set(naicsCodes.codes);

/** A code of the NAICS list the picker offers (the 2017 edition's 6-digit industries). */
export function isNaicsCode(code: string): boolean {
  return known.has(code);
}
