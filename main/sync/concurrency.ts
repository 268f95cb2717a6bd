/**
 * At most `limit` tasks at once, shared by every page of a run, started in the order handed in.
 * After a failure no further task starts; the ones under way finish, so that nothing runs on once
 * the run has returned.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {}

  /** `work`'s result once a slot is free; undefined when it failed, or never started after a failure. */
  async run<R>(work: () => Promise<R>): Promise<R | undefined> {
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      if (this.failure) return undefined;
      return await work();
    } catch (error) {
      this.failure ??= { error };
      return undefined;
    } finally {
      // The slot goes straight to the next waiting task, so none can overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
