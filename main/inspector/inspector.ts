import type { EnvironmentState, PlanContext, RecordInspection, RecordMatch, RecordSearch } from '../../shared/inspector.js';
import { readHistory, readTimeline } from '../history/record-history.js';
import { readRecord, recordAt } from '../service/records.js';
import type { SqliteDb } from '../store/database.js';
import { localIdOfAnyRemote } from '../store/id-map-store.js';
import { historyEntity } from '../store/history-store.js';
import {
  allLocalRecords,
  findLocalRecord,
  planContext,
  searchLocalRecords,
  syncStatesOf,
  type LocalRecordRef,
  type RecordQuery,
  type SearchedRecord,
} from '../store/local-records-store.js';
import type { Workspace } from '../workspace/workspace.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_LIMIT = 200;

/**
 * Records matching `text`: the record with that local id or remote id (in any environment), also
 * once deleted, then records whose name, title or e-mail contains it (case-insensitive), and for
 * "employer / title" the plans of employers whose name holds the one with titles holding the other;
 * the first SEARCH_LIMIT of them, with how many match in all.
 */
export function searchRecords(db: SqliteDb, text: string): RecordSearch {
  const query = text.trim();
  if (query === '') return { matches: [], total: 0, limit: SEARCH_LIMIT };
  const byId = UUID.test(query) ? recordById(db, query) : undefined;
  const found = searchLocalRecords(db, recordQuery(query), SEARCH_LIMIT);
  const byLabel = found.records.filter((ref) => ref.id !== byId?.id);
  const matches = [...(byId ? [withSync(db, withPlanContext(db, byId))] : []), ...byLabel.map((ref) => withSync(db, { ...ref, plan: contextOf(ref) }))];
  // A record found by its id is counted once, also when its name holds the id too.
  return { matches, total: found.total + (byId && byLabel.length === found.records.length ? 1 : 0), limit: SEARCH_LIMIT };
}

/** `searchRecords`' matches alone (the command line's `inspect --search`). */
export function findRecords(db: SqliteDb, text: string): RecordMatch[] {
  return searchRecords(db, text).matches;
}

/** "Globex / Dental": an employer's part and a plan title's part, split at the last slash; the whole text is searched as well. */
function recordQuery(text: string): RecordQuery {
  const slash = text.lastIndexOf('/');
  const employer = text.slice(0, slash).trim();
  const title = text.slice(slash + 1).trim();
  return slash > 0 && employer !== '' ? { text, plan: { employer, title } } : { text };
}

function contextOf(ref: SearchedRecord): PlanContext | undefined {
  return ref.entity === 'plan' && ref.employer !== null && ref.benefit !== null && ref.start_date !== null
    ? { employer: ref.employer, benefit: ref.benefit, start_date: ref.start_date }
    : undefined;
}

function withPlanContext(db: SqliteDb, ref: Ref): Ref {
  const plan = ref.entity === 'plan' ? planContext(db, ref.id) : undefined;
  return plan ? { ...ref, plan } : ref;
}

/** Every local record with its state in every environment. */
export function listRecords(db: SqliteDb): RecordMatch[] {
  return allLocalRecords(db).map((ref) => withSync(db, ref));
}

/** The record as the API returns it, its history and its state in every environment; undefined for an unknown id. */
export async function inspectRecord(workspace: Workspace, id: string): Promise<RecordInspection | undefined> {
  const ref = UUID.test(id) ? recordById(workspace.db, id) : undefined;
  if (!ref) return undefined;
  const record = ref.path === null ? null : ((await readRecord(workspace.context, await workspace.caller(), recordAt(ref.path))) ?? null);
  return { ...withSync(workspace.db, withPlanContext(workspace.db, ref)), record, history: readTimeline(workspace.db, ref.id) };
}

type Ref = Omit<LocalRecordRef, 'path'> & { path: string | null; plan?: PlanContext | undefined };

/** A live record by local or remote id, else a deleted one known from its history. */
function recordById(db: SqliteDb, id: string): Ref | undefined {
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
function deletedRecord(db: SqliteDb, id: string): Ref | undefined {
  const entity = historyEntity(db, id);
  if (!entity) return undefined;
  const last = readHistory(db, id).at(-1);
  const [label] = ['name', 'title', 'email'].map((field) => last?.changes[field]?.[0]).filter((value): value is string => typeof value === 'string');
  return { entity, id, label: label ?? id, path: null };
}

function withSync(db: SqliteDb, ref: Ref): RecordMatch {
  const sync = syncStatesOf(db, ref.id).map((state): EnvironmentState => ({ ...state, link: linkOf(state) }));
  return { entity: ref.entity, id: ref.id, label: ref.label, path: ref.path, ...(ref.plan ? { plan: ref.plan } : {}), sync };
}

function linkOf(state: Omit<EnvironmentState, 'link'>): EnvironmentState['link'] {
  if (state.status === 'skipped') return 'skipped';
  if (state.status === 'conflict' || state.status === 'failed') return 'conflict';
  if (state.remote_id === null) return 'local-only';
  return state.status === 'synced' ? 'linked' : 'changed';
}
