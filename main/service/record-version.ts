import { hash } from 'node:crypto';

/**
 * Fields a record's answer carries that other records' changes or the passing of time move: an
 * employer's plan lists, a plan's state, a division's employers.
 */
const DERIVED = new Set(['plans', 'plans_expired', 'status', 'employer_ids']);

/**
 * A record's version: a digest of the record as its GET answers it, its derived fields left out.
 * The one definition server and client share: `plandesk serve` answers it as the record's ETag and
 * holds an `If-Match` to it (main/http/preconditions.ts); a workspace keeps it for every record it
 * pushed or pulled (id_map.remote_version), so that a pull tells a change made on the remote from
 * one this workspace made there (a remote's updated_at alone cannot: its clock may not move between
 * two writes), and a push writes only over the version it last saw. Versions are stored: the digest
 * of a record never changes between releases.
 */
export function recordVersion(record: Record<string, unknown>): string {
  const keys = canonicalKeys(record);
  // A record of plain values only (every plan) is its canonical JSON with its keys in that order:
  // JSON.stringify with a list of keys writes it four times faster than field by field.
  const json = keys.every((key) => isPlainValue(record[key])) ? JSON.stringify(record, keys) : canonicalObject(record, DERIVED);
  return hash('sha256', json, 'base64url');
}

const isPlainValue = (value: unknown): boolean => value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The last record's keys, and the keys it is written with: records of one kind come in runs, with the same keys in the same order. */
let lastKeys: string[] = [];
let lastCanonicalKeys: string[] = [];

/** The record's keys, sorted, without the derived fields. */
function canonicalKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length !== lastKeys.length || keys.some((key, index) => key !== lastKeys[index])) {
    lastKeys = keys;
    lastCanonicalKeys = [...keys].sort().filter((key) => !DERIVED.has(key));
  }
  return lastCanonicalKeys;
}

const NOTHING = new Set<string>();

/** JSON with object keys sorted and lists of plain values sorted (the API keeps no order in them). */
function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value ?? null);
  if (Array.isArray(value)) {
    const items = value.map(canonicalJson);
    return `[${value.every((item) => typeof item !== 'object' || item === null) ? items.sort().join(',') : items.join(',')}]`;
  }
  return canonicalObject(value as Record<string, unknown>, NOTHING);
}

/**
 * An object as canonical JSON, the fields in `leftOut` left out. Written field by field: a copy
 * without them (Object.fromEntries) would get some 70 keys one at a time, which V8 keeps as a slow
 * dictionary, and cost more than the digest.
 */
function canonicalObject(value: Record<string, unknown>, leftOut: ReadonlySet<string>): string {
  let json = '{';
  for (const key of Object.keys(value).sort()) {
    if (leftOut.has(key)) continue;
    json += `${json.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(value[key])}`;
  }
  return `${json}}`;
}
