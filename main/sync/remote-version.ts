import { createHash } from 'node:crypto';

/**
 * Fields a record's answer carries that other records' changes or the passing of time move: an
 * employer's plan lists, a plan's state, a division's employers.
 */
const DERIVED = new Set(['plans', 'plans_expired', 'status', 'employer_ids']);

/**
 * What identifies the state of a remote record as this workspace last saw it (from a push's
 * answer or a pull): a digest of the record as answered, its derived fields left out. A pull
 * compares it with the remote record now to tell a change made on the remote from one this
 * workspace made there (a remote's updated_at alone cannot: its clock may not move between two
 * writes).
 */
export function remoteVersion(record: Record<string, unknown>): string {
  const own = Object.fromEntries(Object.entries(record).filter(([field]) => !DERIVED.has(field)));
  return createHash('sha256').update(canonicalJson(own)).digest('base64url');
}

/** JSON with object keys sorted and lists of plain values sorted (the API keeps no order in them). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map(canonicalJson);
    return `[${value.every((item) => typeof item !== 'object' || item === null) ? items.sort().join(',') : items.join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
