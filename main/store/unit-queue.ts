/** How long a unit waits for its connection before it is refused: long enough for any honest queue, short enough that a unit waiting on itself says so. */
const WAIT_LIMIT_MS = 30_000;

/**
 * One connection's units of work, one at a time: a unit asked for while another holds the
 * connection starts when it ends. A unit that waits past the limit is refused with a message, as a
 * unit that asked its own connection (rather than the transaction handle it was given) would wait forever.
 */
export class UnitQueue {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly name: string,
    private readonly waitLimitMs = WAIT_LIMIT_MS,
  ) {}

  async run<T>(unit: () => Promise<T>): Promise<T> {
    if (this.busy) await this.turn();
    this.busy = true;
    try {
      return await unit();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    }
  }

  /** Resolves when the unit before hands over the connection (busy stays set: it passes straight to this unit). */
  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(start);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(
          new Error(
            `a unit of work waited ${this.waitLimitMs / 1000} s for the connection to ${this.name}: a unit holding it may be waiting for this one (pass the transaction handle down)`,
          ),
        );
      }, this.waitLimitMs);
      timer.unref();
      this.waiting.push(start);
    });
  }
}
