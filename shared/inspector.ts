// What the support inspector shows of a record, shared by the main process and the window. Pure types.

type RecordEntity = 'employer' | 'plan' | 'user' | 'division';

/** One local change of one record: the fields that changed as [before, after] (create: [null, value]). */
export interface HistoryEntry {
  at: string;
  /** The acting user's e-mail. */
  user: string;
  op: 'create' | 'update' | 'delete';
  changes: Record<string, [unknown, unknown]>;
}

/** The record's state in one environment, as of its latest local change. */
interface EnvironmentState {
  env: string;
  remote_id: string | null;
  /** pending (the latest change waits), in_flight, synced, failed, conflict, or 'local only' (never queued). */
  status: string;
  attempts: number;
  last_attempt_at: string | null;
  last_error: string | null;
}

export interface RecordMatch {
  entity: RecordEntity;
  id: string;
  /** Name, title or e-mail. */
  label: string;
  /** The record's API path; null once it is deleted (its history remains). */
  path: string | null;
  sync: EnvironmentState[];
}

export interface RecordInspection extends RecordMatch {
  /** The record exactly as the API's GET returns it; null once it is deleted. */
  record: Record<string, unknown> | null;
  history: HistoryEntry[];
}

/** One file of an export, for the window to save. */
export interface ExportFile {
  name: string;
  content: string;
}
