import { isPostgres, type Db } from '../store/database.js';
import { startWorkerWrites, type WorkerWrites, type WriterData, type Writes } from './worker-writes.js';

/**
 * `count` writer threads, each with its own connection and group commit, every write handed to the
 * one with the fewest writes waiting (the next in turn among those tied). For PostgreSQL, where
 * transactions run side by side and a write that loses a race to another is run again inside its
 * savepoint, so several writers answer what one would. When one writer stops, the server stops
 * writing as it does with one (every later write refused with why, `onFailure` told once).
 * Rejects with the first failure to open when a writer cannot start.
 */
export async function startWriterPool(data: WriterData, count: number, onFailure: (error: Error) => void): Promise<Writes> {
  let failure: Error | undefined;
  const stop = (error: Error) => {
    if (failure) return;
    failure = error;
    onFailure(error);
  };
  const started = await Promise.allSettled(Array.from({ length: count }, () => startWorkerWrites(data, stop)));
  const writers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const refused = started.find((outcome) => outcome.status === 'rejected');
  if (refused) {
    await Promise.all(writers.map((writer) => writer.close()));
    throw refused.reason;
  }
  let turn = 0;
  return {
    submit(write, key) {
      if (failure) return Promise.reject(failure);
      turn = (turn + 1) % writers.length;
      return leastBusy(writers, turn).submit(write, key);
    },
    async close() {
      await Promise.all(writers.map((writer) => writer.close()));
    },
  };
}

/** The writer with the fewest writes waiting, looking from `from` on. */
function leastBusy(writers: WorkerWrites[], from: number): WorkerWrites {
  let best = writers[from]!;
  for (let step = 1; step < writers.length; step += 1) {
    const writer = writers[(from + step) % writers.length]!;
    if (writer.waiting < best.waiting) best = writer;
  }
  return best;
}

/** Writer threads on PostgreSQL, where transactions run side by side. */
const POSTGRES_WRITERS = 4;

/** How many writer threads `serve` runs on `db`: one on SQLite (one file, one writer lock), POSTGRES_WRITERS on PostgreSQL. */
export function writerCount(db: Db): number {
  return isPostgres(db) ? POSTGRES_WRITERS : 1;
}
