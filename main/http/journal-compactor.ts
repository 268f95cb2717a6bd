import { isPostgres, type Db } from '../store/database.js';
import { compactJournal } from '../store/journal-compaction.js';
import { ProblemLog } from './problem-log.js';

/** Between passes while a pass finds a whole window (a backlog), and once caught up or after a failure. */
const BUSY_MS = 200;
const IDLE_MS = 30_000;
/**
 * Journal rows a pass reads: from the least, doubled while passes find whole windows and take less
 * than PASS_MS, halved when one takes longer; so a pass holds the writes behind it for tens of
 * milliseconds (measured on a 400,000-row journal: 2,000 rows in about 25 ms, 8,000 in 35 to 90),
 * and compaction keeps up with a writer faster than LEAST_ROWS every BUSY_MS.
 */
const LEAST_ROWS = 500;
const MOST_ROWS = 8_000;
const PASS_MS = 50;

/**
 * Compacts PostgreSQL's journal (journal-compaction.ts) one bounded pass at a time, a unit of
 * its own on `serve`'s pool (startJournalCompaction). Goes on from where
 * compaction got to, by this process or another, before a restart or since. A failure is said in
 * the log once (ProblemLog) and the pass tried again later.
 */
export class JournalCompactor {
  private rows = LEAST_ROWS;
  private readonly problems: ProblemLog;

  constructor(
    private readonly db: Db,
    log: (line: string) => void,
  ) {
    this.problems = new ProblemLog(log, {
      subject: 'journal compaction',
      meaning:
        "Superseded rows of the changes journal are not deleted, so it and the feed's reads grow, until a pass succeeds; serve tries again every half minute",
      recovered: 'succeeds again',
    });
  }

  /** Whether more may be waiting: the pass read a whole window. Never rejects: a failure is said in the log. */
  async pass(): Promise<boolean> {
    const started = performance.now();
    let full: boolean;
    try {
      ({ full } = await compactJournal(this.db, this.rows));
    } catch (error) {
      this.problems.met(error instanceof Error ? error.message : String(error));
      return false;
    }
    this.problems.recovered();
    const took = performance.now() - started;
    if (took > PASS_MS) this.rows = Math.max(LEAST_ROWS, this.rows / 2);
    else if (full) this.rows = Math.min(MOST_ROWS, this.rows * 2);
    return full;
  }
}

/**
 * Runs a JournalCompactor on PostgreSQL, a pass per timer, beside the requests' units.
 * SQLite's journal keeps one row per record and needs none. Answers how to stop it.
 */
export function startJournalCompaction(db: Db, log: (line: string) => void): () => void {
  if (!isPostgres(db)) return () => {};
  const compactor = new JournalCompactor(db, log);
  let timer: NodeJS.Timeout;
  let stopped = false;
  const pass = async () => {
    const full = await compactor.pass();
    if (!stopped) timer = setTimeout(() => void pass(), full ? BUSY_MS : IDLE_MS).unref();
  };
  timer = setTimeout(() => void pass(), BUSY_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
