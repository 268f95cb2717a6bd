/**
 * Says in serve's log, once per problem, that the journal's compaction fails and why (a role
 * without the right to delete, a statement timeout at every pass), rather than nothing or a line
 * every pass: unseen, the journal and the feed's reads would grow for good. A different failure is
 * said too; once a pass succeeds again, that is said, and a failure met later is said again.
 * The pattern of storage-problem-log.ts.
 */
export class CompactionProblemLog {
  private readonly said = new Set<string>();

  constructor(private readonly log: (line: string) => void) {}

  failed(error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    if (this.said.has(detail)) return;
    this.said.add(detail);
    this.log(
      `${new Date().toISOString()} journal compaction: ${detail}. Superseded rows of the changes journal are not deleted, so it and the feed's reads grow, until a pass succeeds; serve tries again every half minute`,
    );
  }

  /** A pass succeeded: whatever was said no longer holds. */
  succeeded(): void {
    if (this.said.size === 0) return;
    this.said.clear();
    this.log(`${new Date().toISOString()} journal compaction: succeeds again`);
  }
}
