import { CHANGE_ENTITIES, SYNC_LIMITS, type Change, type ChangesPage } from '../../shared/sync-wire.js';
import { addError, hasErrors, type FieldErrors } from '../../shared/validation/errors.js';
import { messages } from '../../shared/validation/messages.js';
import { UUID_PATTERN } from '../../shared/validation/uuid.js';
import { changesAfter, journalEnd, seenRecords, type JournalPosition, type RecordRef, type SeenScope } from '../store/changes-store.js';
import { ApiError, invalid } from './api-error.js';
import { recordVersion } from './record-version.js';
import type { Caller } from './caller.js';
import { comparePositions, decodeCursor, encodeCursor, positionText, scopeFingerprint, type ListingPosition, type SnapshotReason } from './change-cursor.js';
import { reading, type ServiceContext } from './context.js';
import { readDivision } from './divisions.js';
import { getEmployer } from './employers.js';
import { readPlan } from './plans.js';
import { readUser } from './users.js';
import { queryValue } from './query-value.js';

export const changesMessages = {
  notACursor: 'Not a cursor of this feed: send the "next" of an earlier answer, or no "since" for a listing of everything.',
};

interface Feed {
  context: ServiceContext;
  caller: Caller;
  scope: SeenScope;
  fingerprint: string;
  /** How far the journal can be read, as this page reads it (journalEnd). */
  last: JournalPosition;
  limit: number;
}

/**
 * `GET /changes/?since=CURSOR&limit=N[&division=ID]...` (docs/api.md, "The changes feed"): the
 * records the caller sees (in the named divisions only, if any are named) that changed since the
 * cursor, each as its GET answers it now or as removed; without a cursor, or with one made for
 * what the caller saw before (another role or divisions), a listing of everything the caller sees,
 * in pages. Each page reads one commit.
 */
export async function listChanges(context: ServiceContext, caller: Caller, query: URLSearchParams): Promise<ChangesPage> {
  const { limit, since, only } = feedQuery(query);
  return reading(context, async (context) => {
    const held = await caller.heldDivisionIds(context.db);
    const divisions = only ? only.filter((id) => held.has(id)) : caller.isAdmin ? null : [...held];
    const scope: SeenScope = { accountId: caller.accountId, userId: caller.userId, divisions, allUsers: caller.isAdmin };
    const last = await journalEnd(context.db);
    const feed: Feed = { context, caller, scope, fingerprint: scopeFingerprint(scope), last, limit };
    const fresh = (reason: SnapshotReason) => listingPage(feed, { reason, highWater: last, entity: 0, after: '' });
    if (since === undefined) return fresh('requested');
    if (since.scope !== feed.fingerprint) return fresh('scope');
    // Ahead of the journal: the database was replaced by an older copy, whose seqs will be given again.
    if (comparePositions('position' in since ? since.position : since.listing.highWater, last) > 0) return fresh('cursor');
    return 'position' in since ? changesPage(feed, since.position) : listingPage(feed, since.listing);
  });
}

function feedQuery(query: URLSearchParams): { limit: number; since: ReturnType<typeof decodeCursor>; only: string[] | undefined } {
  const errors: FieldErrors = {};
  const limitText = queryValue(query, 'limit');
  let limit: number = SYNC_LIMITS.changesPageDefault;
  if (limitText !== null) {
    limit = /^-?\d+$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (Number.isNaN(limit)) addError(errors, 'limit', messages.integer);
    else if (limit < 1) addError(errors, 'limit', messages.minValue(1));
    else if (limit > SYNC_LIMITS.changesPageMax) addError(errors, 'limit', messages.maxValue(SYNC_LIMITS.changesPageMax));
  }
  const sinceText = queryValue(query, 'since');
  const since = sinceText === null ? undefined : decodeCursor(sinceText, CHANGE_ENTITIES.length);
  if (sinceText !== null && since === undefined) addError(errors, 'since', changesMessages.notACursor);
  const named = query.getAll('division');
  for (const id of named) if (!UUID_PATTERN.test(id)) addError(errors, 'division', messages.invalidUuidItem(id));
  if (hasErrors(errors)) throw invalid(errors);
  return { limit, since, only: named.length > 0 ? [...new Set(named.map((id) => id.toLowerCase()))] : undefined };
}

/** The journal's rows after `after` the caller sees, each record once, as it is now. */
async function changesPage(feed: Feed, after: JournalPosition): Promise<ChangesPage> {
  const rows = await changesAfter(feed.context.db, feed.scope, after, feed.limit + 1);
  const page = rows.slice(0, feed.limit);
  const complete = rows.length <= feed.limit;
  const named = new Set<string>();
  const changes: Change[] = [];
  for (const row of page) {
    const key = `${row.entity}/${row.id}`;
    if (named.has(key)) continue;
    named.add(key);
    changes.push(await currentState(feed, row));
  }
  // Caught up, the cursor moves past the rows of divisions the caller does not see as well.
  const next = complete ? feed.last : page.at(-1)!.position;
  return { scope: feed.fingerprint, snapshot: null, changes, next: encodeCursor({ scope: feed.fingerprint, position: next }), complete };
}

/**
 * One page of a listing of every record the caller sees, entity after entity (CHANGE_ENTITIES),
 * each in id order. What changes while it is read is in the journal after its high-water seq,
 * where the feed goes on once the listing is done.
 */
async function listingPage(feed: Feed, position: ListingPosition): Promise<ChangesPage> {
  const { db } = feed.context;
  const changes: Change[] = [];
  const snapshot = (done: boolean) => ({ id: `${feed.fingerprint.slice(0, 8)}-${positionText(position.highWater)}`, reason: position.reason, done });
  let { entity, after } = position;
  for (; entity < CHANGE_ENTITIES.length; entity += 1, after = '') {
    const room = feed.limit - changes.length;
    const refs = await seenRecords(db, feed.scope, CHANGE_ENTITIES[entity]!, after, room + 1);
    for (const ref of refs.slice(0, room)) changes.push(await currentState(feed, ref));
    if (refs.length > room) {
      const listed = room > 0 ? refs[room - 1]!.id : after;
      const next = encodeCursor({ scope: feed.fingerprint, listing: { ...position, entity, after: listed } });
      return { scope: feed.fingerprint, snapshot: snapshot(false), changes, next, complete: false };
    }
  }
  const caughtUp = (await changesAfter(db, feed.scope, position.highWater, 1)).length === 0;
  const next = encodeCursor({ scope: feed.fingerprint, position: caughtUp ? feed.last : position.highWater });
  return { scope: feed.fingerprint, snapshot: snapshot(true), changes, next, complete: caughtUp };
}

/** The record as its GET answers the caller now, or removed when that GET would not find it. */
async function currentState(feed: Feed, ref: RecordRef): Promise<Change> {
  const { entity, id, kind } = ref;
  try {
    const record = await readRecord(feed, ref);
    return { entity, kind, id, op: 'upsert', record, version: recordVersion(record) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return { entity, kind, id, op: 'remove', record: null };
    throw error;
  }
}

async function readRecord({ context, caller }: Feed, { entity, id, kind }: RecordRef): Promise<Record<string, unknown>> {
  switch (entity) {
    case 'division':
      return asRecord(await readDivision(context, caller, id));
    case 'user':
      return asRecord(await readUser(context, caller, id));
    case 'employer':
      return asRecord(await getEmployer(context, caller, id));
    case 'plan':
      return asRecord(await readPlan(context, caller, kind!, id));
  }
}

/** A record's body, as the wire type names any JSON object (no copy: a plan has some 70 fields). */
const asRecord = (body: object) => body as Record<string, unknown>;
