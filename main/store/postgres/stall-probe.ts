// Run in the I/O thread (io-worker.ts): asks a database that stopped answering whether it answers
// again, so that the synchronous connections, which fail at once meanwhile, use it again as soon as it does.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { PROBED_AT, probeClock, STALLED_AT } from './stall-mark.js';

/** How long one question may take, and the pause between two. */
const PROBE_TIMEOUT_MS = 1_000;
const PROBE_PAUSE_MS = 500;

/**
 * Asks the database at `location` until it answers (a refusal is an answer: nobody waits on it),
 * showing in `stall` before each question that it runs, then clears the mark. A question that
 * throws is one not answered: the probe only ends once the database answers.
 */
export async function probeUntilAnswered(location: string, stall: Int32Array): Promise<void> {
  for (;;) {
    Atomics.store(stall, PROBED_AT, probeClock());
    if (await answersWithin(location, PROBE_TIMEOUT_MS).catch(() => false)) break;
    await sleep(PROBE_PAUSE_MS);
  }
  Atomics.store(stall, STALLED_AT, 0);
  Atomics.store(stall, PROBED_AT, 0);
}

/**
 * `SELECT 1` on a client of its own (the pool's may be held by statements stuck on the server):
 * whether any answer came within `timeoutMs`. The client is ended either way; node-postgres's own
 * deadlines close a connection the server never took.
 */
async function answersWithin(location: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({
    connectionString: location,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'plandesk probe',
  });
  client.on('error', () => {});
  const asked = (async () => {
    await client.connect();
    await client.query('SELECT 1');
  })().then(
    () => true,
    (error: unknown) => !isTimeout(error),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => {});
  }
}

/** node-postgres's own deadlines, which mean no answer rather than a refusal. */
function isTimeout(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /timeout/i.test(message) || message === 'Connection terminated unexpectedly';
}
