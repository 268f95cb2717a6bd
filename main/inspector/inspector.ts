import type { EnvironmentState, RecordInspection, RecordMatch } from '../../shared/inspector.js';
import { readHistory, readTimeline } from '../history/record-history.js';
import { readRecord, recordAt } from '../service/records.js';
import type { Db } from '../store/database.js';
import { localIdOfAnyRemote } from '../store/id-map-store.js';
import { historyEntity } from '../store/history-store.js';
import { allLocalRecords, findLocalRecord, searchLocalRecords, syncStatesOf, type LocalRecordRef } from '../store/local-records-store.js';
import type { Workspace } from '../workspace/workspace.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_LIMIT = 200;

/**
 * Records matching `text`: the record with that local id or remote id (in any environment), also
 * once deleted, then records whose name, title or e-mail contains it (case-insensitive).
 */
export function findRecords(db: Db, text: string): RecordMatch[] {
  const query = text.trim();
  if (query === '') return [];
  const byId = UUID.test(query) ? recordById(db, query) : undefined;
  const byLabel = searchLocalRecords(db, query, SEARCH_LIMIT).filter((ref) => ref.id !== byId?.id);
  return [...(byId ? [byId] : []), ...byLabel].map((ref) => withSync(db, ref));
}

/** Every local record with its state in every environment. */
export function listRecords(db: Db): RecordMatch[] {
  return allLocalRecords(db).map((ref) => withSync(db, ref));
}

/** The record as the API returns it, its history and its state in every environment; undefined for an unknown id. */
export function inspectRecord(workspace: Workspace, id: string): RecordInspection | undefined {
  const ref = UUID.test(id) ? recordById(workspace.db, id) : undefined;
  if (!ref) return undefined;
  const record = ref.path === null ? null : (readRecord(workspace.context, workspace.caller(), recordAt(ref.path)) ?? null);
  return { ...withSync(workspace.db, ref), record, history: readTimeline(workspace.db, ref.id) };
}

type Ref = Omit<LocalRecordRef, 'path'> & { path: string | null };

/** A live record by local or remote id, else a deleted one known from its history. */
function recordById(db: Db, id: string): Ref | undefined {
  const local = id.toLowerCase();
  const remoteOf = localIdOfAnyRemote(db, local);
  for (const candidate of [local, remoteOf]) {
    if (candidate === undefined) continue;
    const live = findLocalRecord(db, candidate);
    if (live) return live;
    const deleted = deletedRecord(db, candidate);
    if (deleted) return deleted;
  }
  return undefined;
}

/** A deleted record, named by what it was called when it was deleted. */
function deletedRecord(db: Db, id: string): Ref | undefined {
  const entity = historyEntity(db, id);
  if (!entity) return undefined;
  const last = readHistory(db, id).at(-1);
  const [label] = ['name', 'title', 'email'].map((field) => last?.changes[field]?.[0]).filter((value): value is string => typeof value === 'string');
  return { entity, id, label: label ?? id, path: null };
}

function withSync(db: Db, ref: Ref): RecordMatch {
  const sync = syncStatesOf(db, ref.id).map((state): EnvironmentState => ({ ...state, link: linkOf(state) }));
  return { entity: ref.entity, id: ref.id, label: ref.label, path: ref.path, sync };
}

function linkOf(state: Omit<EnvironmentState, 'link'>): EnvironmentState['link'] {
  if (state.status === 'skipped') return 'skipped';
  if (state.status === 'conflict' || state.status === 'failed') return 'conflict';
  if (state.remote_id === null) return 'local-only';
  return state.status === 'synced' ? 'linked' : 'changed';
}
