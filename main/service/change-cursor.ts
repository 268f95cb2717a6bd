import { createHash } from 'node:crypto';
import { SNAPSHOT_REASONS } from '../../shared/sync-wire.js';
import type { JournalPosition, SeenScope } from '../store/changes-store.js';

export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** Where a listing of everything has got to: the journal's end when it began, and the last record named. */
export interface ListingPosition {
  reason: SnapshotReason;
  highWater: JournalPosition;
  /** Index in CHANGE_ENTITIES of the entity being listed, and the last id of it named (ids ascend). */
  entity: number;
  after: string;
}

/**
 * What `since` carries, opaque to clients: the scope it was made for, and either the place in the
 * journal read up to or the position of a listing in progress. On SQLite a seq is the place, as seq
 * order is commit order (migration 012), and the cursor is version 1, as it always was; on
 * PostgreSQL the place is (transaction id, seq) (its migration 3), in a version 2 cursor.
 */
export type Cursor = { scope: string; position: JournalPosition } | { scope: string; listing: ListingPosition };

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function encodeCursor(cursor: Cursor): string {
  const place = 'position' in cursor ? cursor.position : cursor.listing.highWater;
  const fields: unknown[] = place.xid === 0 ? [1, cursor.scope, place.seq] : [2, cursor.scope, place.xid, place.seq];
  if ('listing' in cursor) fields.push(cursor.listing.reason, cursor.listing.entity, cursor.listing.after);
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
  if (!Array.isArray(fields) || (fields[0] !== 1 && fields[0] !== 2) || typeof fields[1] !== 'string') return undefined;
  const placeLength = fields[0] === 1 ? 1 : 2;
  const place = fields.slice(2, 2 + placeLength) as unknown[];
  if (place.length !== placeLength || !place.every(isCount) || (placeLength === 2 && place[0] === 0)) return undefined;
  const position = placeLength === 1 ? { xid: 0, seq: place[0] as number } : { xid: place[0] as number, seq: place[1] as number };
  const scope = fields[1] as string;
  const rest = fields.slice(2 + placeLength) as unknown[];
  if (rest.length === 0) return { scope, position };
  const [reason, entity, after] = rest;
  const known = SNAPSHOT_REASONS.find((name) => name === reason);
  if (rest.length !== 3 || !known || !isCount(entity) || entity >= entities || typeof after !== 'string') return undefined;
  return { scope, listing: { highWater: position, reason: known, entity, after } };
}

/** Negative when `a` comes before `b` in the journal, positive after, 0 at the same place. */
export function comparePositions(a: JournalPosition, b: JournalPosition): number {
  return a.xid - b.xid || a.seq - b.seq;
}

/** A place in the journal in a snapshot's id: the seq on SQLite, xid.seq on PostgreSQL. */
export const positionText = (place: JournalPosition) => (place.xid === 0 ? String(place.seq) : `${place.xid}.${place.seq}`);

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
