// `plandesk serve` on PostgreSQL says in its log when its writer thread cannot compact the changes
// journal, rather than dropping the failure: unseen, the journal would grow for good.
import { afterAll, describe, expect, it } from 'vitest';
import { onDatabase, POSTGRES_ADMIN_URL } from '../support/postgres.js';
import { bootstrappedDatabase, type BootstrappedDatabase } from '../support/postgres-bootstrap.js';
import { startServeChild, type ServeChild } from '../support/serve-process.js';

describe.skipIf(!POSTGRES_ADMIN_URL)("serve's log and the journal's compaction", () => {
  let bootstrapped: BootstrappedDatabase | undefined;
  let serve: ServeChild | undefined;

  afterAll(async () => {
    await serve?.stop();
    await bootstrapped?.dispose();
  });

  it("says a compaction that fails in the writer thread in serve's log, in one sentence", async () => {
    bootstrapped = await bootstrappedDatabase('compaction_log');
    // Where compaction got to cannot be read: every pass fails.
    await onDatabase(bootstrapped.database.url, (client) => client.query('ALTER TABLE journal_compaction RENAME TO journal_compaction_away'));
    serve = await startServeChild(bootstrapped.database.url);
    const said = () =>
      serve!
        .stderr()
        .split('\n')
        .filter((line) => line.includes(' journal compaction: '));
    const deadline = Date.now() + 10_000;
    while (said().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(said()).toHaveLength(1);
    expect(said()[0]).toMatch(/^\S+ journal compaction: .*"journal_compaction" does not exist\. Superseded rows of the changes journal are not deleted/);
  });
});
