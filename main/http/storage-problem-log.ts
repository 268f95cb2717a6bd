import type { WireResponse } from './wire.js';

/**
 * Says in the log, once per problem, what a 503 answer means and what to do: the storage sentence
 * (damaged, read-only, full disk, the writer stopped) rather than a stack trace on every request.
 * The access log still has each request's line with its 503.
 */
export class StorageProblemLog {
  private readonly said = new Set<string>();

  constructor(private readonly log: (line: string) => void) {}

  met(response: WireResponse): void {
    const detail = detailOf(response);
    if (detail === undefined || this.said.has(detail)) return;
    this.said.add(detail);
    this.log(
      `${new Date().toISOString()} storage: ${detail}. Requests that need the database answer 503 with this sentence; reads that can still be served are answered`,
    );
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
