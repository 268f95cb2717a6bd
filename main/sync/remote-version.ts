import { createHash } from 'node:crypto';

/**
 * What identifies the state of a remote record as this workspace last saw it (from a push's
 * answer or a pull): its `updated_at` where the API gives one (employers, plans), else a digest
 * of the record as answered (users, divisions). A pull compares it with the remote record now to
 * tell a change made on the remote from one this workspace made there.
 */
export function remoteVersion(record: Record<string, unknown>): string {
  if (typeof record.updated_at === 'string') return record.updated_at;
  return `sha256:${createHash('sha256').update(canonicalJson(record)).digest('base64url')}`;
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
