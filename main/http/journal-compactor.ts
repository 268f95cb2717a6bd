import { isPostgres, type Db } from '../store/database.js';
import { compactJournal } from '../store/journal-compaction.js';
import type { JournalPosition } from '../store/changes-store.js';

/** Between passes while a pass finds a whole window (a backlog), and once caught up. */
const BUSY_MS = 200;
const IDLE_MS = 30_000;

/**
 * Compacts PostgreSQL's journal (journal-compaction.ts) in `serve`'s writer thread, one small pass
 * per timer, so a pass runs between two group commits and holds the writes behind it for a few
 * milliseconds at most. Each process starts from the journal's beginning. A pass that fails (the
 * database lost, a statement timeout) is tried again later: the writes meet the failure themselves.
 * SQLite's journal keeps one row per record and needs none. Answers how to stop it.
 */
export function startJournalCompaction(db: Db): () => void {
  if (!isPostgres(db)) return () => {};
  let from: JournalPosition = { xid: 0, seq: 0 };
  let timer: NodeJS.Timeout;
  const pass = () => {
    let full = false;
    if (db.open && !db.inTransaction) {
      try {
        ({ next: from, full } = compactJournal(db, from));
      } catch {
        // Tried again at the next pass.
      }
    }
    timer = setTimeout(pass, full ? BUSY_MS : IDLE_MS).unref();
  };
  timer = setTimeout(pass, BUSY_MS).unref();
  return () => clearTimeout(timer);
}
