/**
 * Says a problem in serve's log once, with what it means, rather than a line every time it is met
 * (or nothing); a different problem is said too. Once the problem's subject works again, that is
 * said, and a problem met later is said again.
 */
export class ProblemLog {
  private readonly said = new Set<string>();

  constructor(
    private readonly log: (line: string) => void,
    /** What the lines are about (`storage`), what a problem means to the reader, and the line once it works again. */
    private readonly words: { subject: string; meaning: string; recovered: string },
  ) {}

  met(detail: string): void {
    if (this.said.has(detail)) return;
    this.said.add(detail);
    this.log(`${new Date().toISOString()} ${this.words.subject}: ${detail}. ${this.words.meaning}`);
  }

  /** It works again: whatever was said no longer holds. */
  recovered(): void {
    if (this.said.size === 0) return;
    this.said.clear();
    this.log(`${new Date().toISOString()} ${this.words.subject}: ${this.words.recovered}`);
  }
}
