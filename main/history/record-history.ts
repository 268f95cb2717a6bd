import type { DecisionEntry, HistoryEntry } from '../../shared/inspector.js';
import type { Entity } from '../store/entity.js';
import type { SqliteDb } from '../store/database.js';
import {
  appendHistory,
  currentUserIdByEmail,
  forgetState,
  historyRows,
  recordsWithoutState,
  storedState,
  storeState,
  userEmail,
  vanishedPlansOf,
} from '../store/history-store.js';
import { deleteMeta, getMeta } from '../store/meta-store.js';
import { sqliteWriteTransaction } from '../store/sqlite-store.js';
import { recordFields, type RecordFields } from './record-fields.js';

type HistoryOp = HistoryEntry['op'];

interface Moment {
  at: string;
  userEmail: string;
  /** The environment a pull brought the change from. */
  pulledFrom: string | null;
}

interface RecordRef {
  entity: Entity;
  id: string;
}

/** Set by migration 005: records made before it get their first snapshot on the next open. */
const BASELINE_PENDING = 'history_baseline_pending';

/** One local change as its history sees it: the record, what happened, and its fields afterwards. */
export interface RecordChange {
  entity: Entity;
  op: 'create' | 'update' | 'delete' | 'addUser' | 'removeUser';
  id: string;
  /** The record's fields after the change (see record-fields.ts), as the writer has them; null once deleted. */
  fields: RecordFields | null;
}

/**
 * Writes the history of one local change. Call it inside the change's own transaction, after the
 * change is written: the journal (main/journal/) does, for every write of the service. Before-values
 * come from the fields recorded at the record's previous change, after-values from the writer.
 * Records the change alters as well are followed too, read as they now are: the users of a
 * division whose members changed (and the divisions of a user), and the plans deleted with their
 * employer. An update that leaves every field as it was recorded (a form saved unchanged) is no
 * change: nothing is written, and the answer is false.
 */
export function recordHistory(db: SqliteDb, change: RecordChange, actorId: string, at: string, pulledFrom?: string): boolean {
  const before = change.op === 'create' ? null : recordedFields(db, change.id);
  const after = change.fields;
  const changes = changesJson(before, after);
  if (change.op === 'update' && before !== null && changes === NO_CHANGES) return false;
  const moment: Moment = { at, userEmail: userEmail(db, actorId) ?? actorId, pulledFrom: pulledFrom ?? null };
  const op: HistoryOp = change.op === 'create' || change.op === 'delete' ? change.op : 'update';
  write(db, change, op, changes, after, moment);
  for (const related of relatedRecords(db, change, before, after)) followRelated(db, related, moment);
  return true;
}

/** The record's local changes, oldest first; empty for an id the workspace never changed. */
export function readHistory(db: SqliteDb, id: string): HistoryEntry[] {
  return readTimeline(db, id).filter((entry): entry is HistoryEntry => entry.op !== 'decision');
}

/** A record deleted here, as it was just before its delete; undefined for a record not deleted (or never changed) here. */
export function valuesWhenDeleted(db: SqliteDb, id: string): Record<string, unknown> | undefined {
  const last = readHistory(db, id).at(-1);
  return last?.op === 'delete' ? Object.fromEntries(Object.entries(last.changes).map(([field, [was]]) => [field, was])) : undefined;
}

/** The record's local changes and the sync decisions taken on it, oldest first. */
export function readTimeline(db: SqliteDb, id: string): (HistoryEntry | DecisionEntry)[] {
  return historyRows(db, id).map((row) => {
    if (row.op !== 'decision') {
      const changes = JSON.parse(row.changes) as HistoryEntry['changes'];
      return { at: row.at, user: row.user_email, op: row.op, changes, ...(row.pulled_from === null ? {} : { pulled_from: row.pulled_from }) };
    }
    const { env, decision, remote_id } = JSON.parse(row.changes) as Pick<DecisionEntry, 'env' | 'decision' | 'remote_id'>;
    return { at: row.at, user: row.user_email, op: 'decision', env, decision, remote_id };
  });
}

/** Writes a person's decision on a sync conflict into the record's history; call it in the decision's transaction. */
export function recordDecision(
  db: SqliteDb,
  record: RecordRef,
  decision: Pick<DecisionEntry, 'env' | 'decision' | 'remote_id'>,
  actorId: string,
  at: string,
): void {
  const user_email = userEmail(db, actorId) ?? actorId;
  appendHistory(db, record.entity, record.id, { at, user_email, op: 'decision', changes: JSON.stringify(decision), pulled_from: null });
}

/** Once after migration 005: records older than their history get their current fields as the starting point. */
export function takeHistoryBaseline(db: SqliteDb): void {
  if (getMeta(db, BASELINE_PENDING) === undefined) return;
  sqliteWriteTransaction(db, () => {
    for (const record of recordsWithoutState(db)) remember(db, record, recordFields(db, record.entity, record.id));
    deleteMeta(db, BASELINE_PENDING);
  });
}

/** A related record is followed once it has history of its own (every record has, after the baseline). */
function followRelated(db: SqliteDb, record: RecordRef, moment: Moment): void {
  const before = recordedFields(db, record.id);
  if (before === null) return;
  const after = recordFields(db, record.entity, record.id);
  const changes = changesJson(before, after);
  if (changes === NO_CHANGES) return;
  write(db, record, after === null ? 'delete' : 'update', changes, after, moment);
}

function write(db: SqliteDb, record: RecordRef, op: HistoryOp, changes: string, after: RecordFields | null, moment: Moment): void {
  appendHistory(db, record.entity, record.id, { at: moment.at, user_email: moment.userEmail, op, changes, pulled_from: moment.pulledFrom });
  remember(db, record, after);
}

function remember(db: SqliteDb, record: RecordRef, fields: RecordFields | null): void {
  if (fields === null) forgetState(db, record.id);
  else storeState(db, record.entity, record.id, JSON.stringify(fields));
}

function recordedFields(db: SqliteDb, id: string): RecordFields | null {
  const stored = storedState(db, id);
  return stored === undefined ? null : (JSON.parse(stored) as RecordFields);
}

/** Fields whose value differs, as [before, after]; a missing side counts as null. */
const NO_CHANGES = '{}';

/**
 * The fields that differ, as the JSON of HistoryEntry['changes'] (`{"field": [was, is], ...}`),
 * written member by member: an object that gets some 70 keys one at a time (every plan created) is
 * kept by V8 as a slow dictionary, and cost about 10 us a record before it was even written out.
 */
function changesJson(before: RecordFields | null, after: RecordFields | null): string {
  if (before === null) {
    // A record made: every field it has, from nothing (a pull makes thousands in a row). Its keys
    // quoted once per field name, and numbers and booleans written without JSON.stringify, which
    // took two thirds of this (about 20 us a plan).
    let json = '';
    for (const field in after) {
      const is = after[field];
      if (is !== null && is !== undefined) json += `${json === '' ? '{' : ','}${quotedKey(field)}:[null,${jsonOf(is)}]`;
    }
    return json === '' ? NO_CHANGES : `${json}}`;
  }
  const members: string[] = [];
  for (const field of new Set([...Object.keys(after ?? {}), ...Object.keys(before)])) {
    const was = JSON.stringify(before[field] ?? null);
    const is = JSON.stringify(after?.[field] ?? null);
    if (was !== is) members.push(`${JSON.stringify(field)}:[${was},${is}]`);
  }
  return `{${members.join(',')}}`;
}

const quotedKeys = new Map<string, string>();

/** A field name as a JSON key: the few hundred names of the records' fields, each quoted once. */
function quotedKey(field: string): string {
  let quoted = quotedKeys.get(field);
  if (quoted === undefined) quotedKeys.set(field, (quoted = JSON.stringify(field)));
  return quoted;
}

/** JSON.stringify of a field's value; a finite number or a boolean is its own text. */
function jsonOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

function relatedRecords(db: SqliteDb, change: RecordChange, before: RecordFields | null, after: RecordFields | null): RecordRef[] {
  switch (change.entity) {
    case 'division':
      return changedItems(before?.users, after?.users).flatMap((email) => {
        const id = currentUserIdByEmail(db, email);
        return id === undefined ? [] : [{ entity: 'user' as const, id }];
      });
    case 'user': {
      // A division lists its members by e-mail: a new e-mail changes every division the user is in.
      const divisions =
        before?.email !== after?.email && before !== null && after !== null
          ? [...new Set([...(before.division_ids as string[]), ...(after.division_ids as string[])])]
          : changedItems(before?.division_ids, after?.division_ids);
      return divisions.map((id) => ({ entity: 'division' as const, id }));
    }
    case 'employer':
      return change.op === 'delete' ? vanishedPlansOf(db, change.id).map((id) => ({ entity: 'plan' as const, id })) : [];
    case 'plan':
      return [];
  }
}

/** Items in one list and not the other. */
function changedItems(before: unknown, after: unknown): string[] {
  const was = new Set((before as string[] | undefined) ?? []);
  const is = new Set((after as string[] | undefined) ?? []);
  return [...[...was].filter((item) => !is.has(item)), ...[...is].filter((item) => !was.has(item))];
}
