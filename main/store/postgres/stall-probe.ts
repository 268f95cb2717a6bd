import pg from 'pg';

/**
 * `SELECT 1` on a client of its own (the pool's may be held by statements stuck on the server):
 * whether any answer came within `timeoutMs`. The client is ended either way; node-postgres's own
 * deadlines close a connection the server never took.
 */
export async function answersWithin(location: string, timeoutMs: number): Promise<boolean> {
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
