/**
 * How a server's PostgreSQL connections are used at this moment: what `serve --metrics` reports.
 * Today each connection is one thread's (serve's main thread and its writer thread); a pool of
 * connections answers the same three figures (its total, its clients in use, its waiting requests).
 */
export interface PoolUse {
  /** Connections open to the database. */
  open: number;
  /** Of them, running a statement now. */
  busy: number;
  /** Connections being opened or waited for. */
  waiting: number;
}

const OPEN = 0;
const BUSY = 1;
const WAITING = 2;

/**
 * The figures of PoolUse kept in shared memory, so that the connections of every thread of one
 * process add to the same counts: a thread is handed the buffer (`new ConnectionUse(buffer)`).
 */
export class ConnectionUse {
  readonly buffer: SharedArrayBuffer;
  private readonly counts: Int32Array;

  constructor(buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.counts = new Int32Array(buffer);
  }

  opening(): void {
    Atomics.add(this.counts, WAITING, 1);
  }

  opened(ok: boolean): void {
    Atomics.sub(this.counts, WAITING, 1);
    if (ok) Atomics.add(this.counts, OPEN, 1);
  }

  closed(): void {
    Atomics.sub(this.counts, OPEN, 1);
  }

  started(): void {
    Atomics.add(this.counts, BUSY, 1);
  }

  finished(): void {
    Atomics.sub(this.counts, BUSY, 1);
  }

  read(): PoolUse {
    return { open: Atomics.load(this.counts, OPEN), busy: Atomics.load(this.counts, BUSY), waiting: Atomics.load(this.counts, WAITING) };
  }
}
