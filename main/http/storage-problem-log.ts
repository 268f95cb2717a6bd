import { ProblemLog } from './problem-log.js';
import type { WireResponse } from './wire.js';

/**
 * Says in the log, once per problem, what a 503 answer means and what to do: the storage sentence
 * (damaged, read-only, full disk, the writer stopped, the database server away) rather than a stack
 * trace on every request. The access log still has each request's line with its 503. Once a write
 * succeeds again, that is said too, and a problem met later is said again.
 */
export class StorageProblemLog {
  private readonly problems: ProblemLog;

  constructor(log: (line: string) => void) {
    this.problems = new ProblemLog(log, {
      subject: 'storage',
      meaning: 'Requests that need the database answer 503 with this sentence; reads that can still be served are answered',
      recovered: 'writes succeed again',
    });
  }

  met(response: WireResponse): void {
    const detail = detailOf(response);
    if (detail !== undefined) this.problems.met(detail);
  }

  /** A write succeeded: whatever was said no longer holds. */
  writeSucceeded(): void {
    this.problems.recovered();
  }
}

function detailOf(response: WireResponse): string | undefined {
  try {
    const body = JSON.parse(response.payload ?? 'null') as { detail?: unknown } | null;
    return typeof body?.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}
