import { sql, type Db } from './database.js';
import type { JournalPosition } from './changes-store.js';

/** Journal rows a pass reads at most: it deletes at most about twice as many (see compactJournal). */
const WINDOW = 500;

/**
 * One bounded pass of compaction of PostgreSQL's append-only journal (migration 5): reads the next
 * rows after `from`, in the feed's order and below its watermark (so every row there is committed
 * or never will be), and deletes the earlier rows of each record and division they name. Those
 * rows are superseded: the feed never delivers them (changes-store.ts). Answers where the next
 * pass starts, and whether this one read a whole window (more may be waiting).
 *
 * Bounded: a process's passes go through the journal in order from the start, so when a window is
 * read each record has at most one row left before it, and a pass deletes at most WINDOW plus the
 * records it names. Safe beside writers and other processes compacting: writers only insert, and
 * only rows of ended transactions are deleted; rows another compactor holds are skipped, never
 * waited for (SKIP LOCKED), so two compactors cannot deadlock.
 */
export function compactJournal(db: Db, from: JournalPosition): { next: JournalPosition; full: boolean } {
  const window = sql(
    db,
    `SELECT xid, seq FROM changes WHERE (xid, seq) > (?, ?) AND xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
    ORDER BY xid, seq LIMIT ?`,
  ).all(from.xid, from.seq, WINDOW) as JournalPosition[];
  const last = window.at(-1);
  if (!last) return { next: from, full: false };
  sql(
    db,
    `DELETE FROM changes WHERE seq IN (
      SELECT earlier.seq FROM changes earlier
      JOIN (SELECT DISTINCT ON (entity, record_id, division_id) entity, record_id, division_id, xid, seq FROM changes
        WHERE (xid, seq) > (?, ?) AND (xid, seq) <= (?, ?) ORDER BY entity, record_id, division_id, xid DESC, seq DESC) named
      ON earlier.entity = named.entity AND earlier.record_id = named.record_id AND earlier.division_id = named.division_id
      WHERE (earlier.xid, earlier.seq) < (named.xid, named.seq)
      FOR UPDATE OF earlier SKIP LOCKED)`,
  ).run(from.xid, from.seq, last.xid, last.seq);
  return { next: { xid: last.xid, seq: last.seq }, full: window.length === WINDOW };
}
