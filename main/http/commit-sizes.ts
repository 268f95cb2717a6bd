/** Upper bounds of the buckets of writes per group commit. */
const COMMIT_SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] as const;

/** A histogram as Prometheus reads one: cumulative counts per upper bound (the last is +Inf), the sum and the count. */
export interface HistogramSnapshot {
  bounds: readonly number[];
  /** One more than `bounds`: the +Inf bucket last. Not cumulative. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * How many writes each group commit took, counted in shared memory: the writer thread commits,
 * `serve`'s main thread reports. Each thread makes its own object over the same buffer.
 */
export class CommitSizes {
  readonly buffer: SharedArrayBuffer;
  /** One count per bucket (the last for anything larger), then the sum of sizes. */
  private readonly cells: BigInt64Array;

  constructor(buffer = new SharedArrayBuffer((COMMIT_SIZE_BUCKETS.length + 2) * BigInt64Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.cells = new BigInt64Array(buffer);
  }

  observe(size: number): void {
    const bucket = COMMIT_SIZE_BUCKETS.findIndex((bound) => size <= bound);
    Atomics.add(this.cells, bucket === -1 ? COMMIT_SIZE_BUCKETS.length : bucket, 1n);
    Atomics.add(this.cells, COMMIT_SIZE_BUCKETS.length + 1, BigInt(size));
  }

  snapshot(): HistogramSnapshot {
    const counts = Array.from({ length: COMMIT_SIZE_BUCKETS.length + 1 }, (_, index) => Number(Atomics.load(this.cells, index)));
    return {
      bounds: COMMIT_SIZE_BUCKETS,
      counts,
      sum: Number(Atomics.load(this.cells, COMMIT_SIZE_BUCKETS.length + 1)),
      count: counts.reduce((total, count) => total + count, 0),
    };
  }
}
