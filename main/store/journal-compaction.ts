import { sql, type Db } from './database.js';
import type { JournalPosition } from './changes-store.js';

/**
 * One bounded pass of compaction of PostgreSQL's append-only journal (migration 5): reads at most
 * `window` rows after where compaction got to (migration 6's position, shared by every process and
 * kept across restarts), in the feed's order and below its watermark (so every row there is
 * committed or never will be), deletes the earlier rows of each record and division they name, and
 * moves the position past them. Those rows are superseded: the feed never delivers them
 * (changes-store.ts). Answers whether the pass read a whole window (more may be waiting).
 *
 * Bounded: passes go through the journal in order, so when a window is read each record has at
 * most one row left before it, and a pass deletes at most `window` plus the records it names. Safe
 * beside writers and other processes compacting: writers only insert, and only rows of ended
 * transactions are deleted; rows another compactor holds are skipped, never waited for (SKIP
 * LOCKED), so two compactors cannot deadlock. Two processes may read the same window; the position
 * then keeps the greater of their ends.
 */
export async function compactJournal(db: Db, window: number): Promise<{ full: boolean }> {
  const from = await compactedUpTo(db);
  // The window's rows are read once, with LIMIT, so that the planner knows it is small: given the
  // window as a range of (xid, seq), it guessed a large share of the journal and scanned all of it.
  const last = (await sql(
    db,
    `WITH window_rows AS (
      SELECT entity, record_id, division_id, xid, seq FROM changes
      WHERE (xid, seq) > (?, ?) AND xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
      ORDER BY xid, seq LIMIT ?
    ), named AS (
      SELECT DISTINCT ON (entity, record_id, division_id) entity, record_id, division_id, xid, seq FROM window_rows
      ORDER BY entity, record_id, division_id, xid DESC, seq DESC
    ), superseded AS (
      DELETE FROM changes WHERE seq IN (
        SELECT earlier.seq FROM changes earlier
        JOIN named ON earlier.entity = named.entity AND earlier.record_id = named.record_id AND earlier.division_id = named.division_id
        WHERE (earlier.xid, earlier.seq) < (named.xid, named.seq)
        FOR UPDATE OF earlier SKIP LOCKED)
    )
    SELECT xid, seq, (SELECT count(*) FROM window_rows) AS read FROM window_rows ORDER BY xid DESC, seq DESC LIMIT 1`,
  ).get(from.xid, from.seq, window)) as (JournalPosition & { read: number }) | undefined;
  if (!last) return { full: false };
  await sql(db, 'UPDATE journal_compaction SET xid = ?, seq = ? WHERE (xid, seq) < (?, ?)').run(last.xid, last.seq, last.xid, last.seq);
  return { full: Number(last.read) === window };
}

/** The last journal position compaction has read up to, by any process. */
export async function compactedUpTo(db: Db): Promise<JournalPosition> {
  return (await sql(db, 'SELECT xid, seq FROM journal_compaction').get()) as JournalPosition;
}
