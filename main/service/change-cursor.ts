import { createHash } from 'node:crypto';
import { SNAPSHOT_REASONS } from '../../shared/sync-wire.js';
import type { SeenScope } from '../store/changes-store.js';

export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** Where a listing of everything has got to: the journal's last seq when it began, and the last record named. */
export interface ListingPosition {
  reason: SnapshotReason;
  highWater: number;
  /** Index in CHANGE_ENTITIES of the entity being listed, and the last id of it named (ids ascend). */
  entity: number;
  after: string;
}

/**
 * What `since` carries, opaque to clients: the scope it was made for, and either the journal seq
 * read up to or the position of a listing in progress. On SQLite a seq is enough, as seq order is
 * commit order (migration 012); a store with concurrent writers needs more (docs/api.md).
 */
export type Cursor = { scope: string; seq: number } | { scope: string; listing: ListingPosition };

const VERSION = 1;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function encodeCursor(cursor: Cursor): string {
  const fields =
    'seq' in cursor
      ? [VERSION, cursor.scope, cursor.seq]
      : [VERSION, cursor.scope, cursor.listing.highWater, cursor.listing.reason, cursor.listing.entity, cursor.listing.after];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The cursor `text` encodes, or undefined when it is not one this server made. */
export function decodeCursor(text: string, entities: number): Cursor | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields[0] !== VERSION || typeof fields[1] !== 'string' || !isCount(fields[2])) return undefined;
  const [, scope, seq, reason, entity, after] = fields as [number, string, number, unknown, unknown, unknown];
  if (fields.length === 3) return { scope, seq };
  const known = SNAPSHOT_REASONS.find((name) => name === reason);
  if (fields.length !== 6 || !known || !isCount(entity) || entity >= entities || typeof after !== 'string') return undefined;
  return { scope, listing: { highWater: seq, reason: known, entity, after } };
}

/**
 * A fingerprint of what a caller sees: two callers, or one caller before and after a change of role
 * or divisions, see the same records only if their fingerprints are equal. An admin sees the whole
 * account by role, so a new division does not change theirs.
 */
export function scopeFingerprint(scope: SeenScope): string {
  const divisions = scope.divisions === null ? '*' : [...scope.divisions].sort().join(',');
  const users = scope.allUsers ? 'account' : 'self';
  return createHash('sha256').update(`${scope.accountId}\n${scope.userId}\n${users}\n${divisions}`).digest('hex').slice(0, 32);
}
