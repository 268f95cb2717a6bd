// What the support inspector shows of a record, shared by the main process and the window. Pure types.

type RecordEntity = 'employer' | 'plan' | 'user' | 'division';

/** One local change of one record: the fields that changed as [before, after] (create: [null, value]). */
export interface HistoryEntry {
  at: string;
  /** The acting user's e-mail. */
  user: string;
  op: 'create' | 'update' | 'delete';
  changes: Record<string, [unknown, unknown]>;
  /** For a change a pull brought, or a take-remote decision took: the environment it came from. */
  pulled_from?: string;
}

/** A person's decision on a sync conflict, kept in the record's history beside its changes. */
export interface DecisionEntry {
  at: string;
  user: string;
  op: 'decision';
  env: string;
  /** unskip: a skip taken back (the record goes to that environment again). */
  decision: 'keep-local' | 'take-remote' | 'link' | 'skip' | 'unskip';
  remote_id: string | null;
}

/** The record's state in one environment, as of its latest local change. */
export interface EnvironmentState {
  env: string;
  remote_id: string | null;
  /** pending (the latest change waits), in_flight, synced, failed, conflict, skipped (never pushed there, by a decision), or 'local only' (never queued, nor matched there by a pull). */
  status: string;
  attempts: number;
  last_attempt_at: string | null;
  last_error: string | null;
  /** When a pull from the environment last brought or confirmed the record; null when never. */
  pulled_at: string | null;
  /**
   * The record and its counterpart there, in a word: linked (the same record on both sides, nothing
   * waiting), local-only (not there), changed (changed here since it was last pushed or pulled),
   * conflict (changed on both sides, or refused: a person decides), or skipped (a person decided it
   * is never pushed there).
   */
  link: 'linked' | 'local-only' | 'changed' | 'conflict' | 'skipped';
}

/** What tells a plan from the others of its title: its employer (by name), its kind and its start. */
export interface PlanContext {
  employer: string;
  /** The kind's path segment, e.g. dental. */
  benefit: string;
  start_date: string;
}

export interface RecordMatch {
  entity: RecordEntity;
  id: string;
  /** Name, title or e-mail. */
  label: string;
  /** The record's API path; null once it is deleted (its history remains). */
  path: string | null;
  /** For a plan here: its employer, kind and start. */
  plan?: PlanContext;
  sync: EnvironmentState[];
}

/** A search's matches: the first `limit`, and how many match in all (more than shown: narrow the search). */
export interface RecordSearch {
  matches: RecordMatch[];
  total: number;
  limit: number;
}

export interface RecordInspection extends RecordMatch {
  /** The record exactly as the API's GET returns it; null once it is deleted. */
  record: Record<string, unknown> | null;
  /** Changes and sync decisions, oldest first. */
  history: (HistoryEntry | DecisionEntry)[];
}

/** The forms a whole-workspace export takes: one JSON file, or a CSV file per table. */
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One file of an export, for the window to save. */
export interface ExportFile {
  name: string;
  content: string;
}
