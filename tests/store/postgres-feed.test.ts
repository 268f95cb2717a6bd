// The changes feed on PostgreSQL, where several processes write at once: a transaction that took
// its journal seq early and commits late must still reach a reader who has read past that seq.
// The feed reads in (transaction id, seq) order only below the oldest transaction still running
// (PostgreSQL migration 3), so it waits for the late one instead of skipping it. The journal is
// appended to (migration 5): writers of one record never wait for each other on it, and the feed
// folds a record's rows into one change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from '../../main/api/types.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { sql, writeTransaction, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { JournalCompactor, startJournalCompaction } from '../../main/http/journal-compactor.js';
import { compactedUpTo, compactJournal } from '../../main/store/journal-compaction.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

interface Connection {
  db: Db;
  /** `tx`: the transaction to answer in (one held open by `openTransaction`), else a unit of its own. */
  call: (method: string, path: string, body?: unknown, tx?: Db) => Promise<{ status: number; body: any }>;
}

/** A transaction on `connection` that `work` writes in and that stays open, as a slow process's does, until `commit()`. */
async function openTransaction<T>(connection: Connection, work: (tx: Db) => Promise<T>): Promise<{ result: T; commit: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let done!: (result: T) => void;
  let failed!: (error: unknown) => void;
  const worked = new Promise<T>((resolve, reject) => ((done = resolve), (failed = reject)));
  const committed = writeTransaction(connection.db, async (tx) => {
    done(await work(tx));
    await held;
  });
  committed.catch(failed);
  return {
    result: await worked,
    commit: async () => {
      release();
      await committed;
    },
  };
}

describe.skipIf(!POSTGRES_ADMIN_URL)('the changes feed on PostgreSQL', () => {
  let database: TestDatabase;
  const open: Db[] = [];
  let user: string;

  beforeAll(async () => {
    database = await createTestDatabase('feed');
  });
  afterAll(async () => {
    for (const db of open) await db.close();
    await database.drop();
  });

  /** A connection of its own (as another process has), calling the service as the account's admin; a statement waiting longer than `statementTimeoutMs` fails. */
  async function connect(statementTimeoutMs?: number): Promise<Connection> {
    const db = await openDatabase(database.url, statementTimeoutMs === undefined ? {} : { statementTimeoutMs });
    open.push(db);
    const router: Router = createRouter(createContext(db));
    return {
      db,
      call: async (method, path, body, tx) => (await router({ method, path, body, actor: { userId: user } }, tx)) as { status: number; body: any },
    };
  }

  /**
   * Reads from `since` until `id` is among the changes read (within 10 s): the watermark is the
   * oldest write transaction of the whole server, so another test file's, on its own database, may
   * hold the feed back for a moment; it may delay a change, never skip one.
   */
  async function readUntil(reader: Connection, since: string, id: string): Promise<{ ids: string[]; next: string }> {
    const ids: string[] = [];
    let cursor = since;
    const deadline = Date.now() + 10_000;
    while (!ids.includes(id) && Date.now() < deadline) {
      const page = await read(reader, cursor);
      ids.push(...page.ids);
      cursor = page.next;
    }
    return { ids, next: cursor };
  }

  /** Every page from `since` until the feed says it is complete: the changes' ids and the cursor to go on from. */
  async function read(reader: Connection, since?: string): Promise<{ ids: string[]; next: string }> {
    const ids: string[] = [];
    let cursor = since;
    for (;;) {
      const page = (await reader.call('GET', `/changes/?limit=2${cursor ? `&since=${cursor}` : ''}`)).body;
      ids.push(...page.changes.map((change: { id: string }) => change.id));
      cursor = page.next;
      if (page.complete) return { ids, next: cursor! };
    }
  }

  it('delivers a change whose transaction took an earlier seq and committed after a reader read past it', async () => {
    const setup = await connect();
    const made = await bootstrap(createContext(setup.db), { account: 'Feed Brokers', email: 'admin@feed.example.com', division: 'East' });
    user = made.user;
    // Two divisions, so the two writers below touch no journal row in common and neither waits for the other.
    const west = (await setup.call('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] })).body.id as string;
    const reader = await connect();
    const caughtUp = (await read(reader)).next;

    const late = await connect();
    const early = await connect();
    const { result: lateEmployer, commit: commitLate } = await openTransaction(late, async (tx) => {
      const lateEmployer = await late.call(
        'POST',
        '/employers/',
        validEmployerBody(made.division, { name: 'Late Ltd', url: 'https://late.example.com', other_filters: [] }),
        tx,
      );
      expect(lateEmployer.status).toBe(200);
      const lateSeq = (await sql(tx, "SELECT seq FROM changes WHERE entity = 'employer' AND record_id = ?").pluck().get(lateEmployer.body.id)) as number;
      return { ...lateEmployer, seq: lateSeq };
    });
    const earlyEmployer = await early.call(
      'POST',
      '/employers/',
      validEmployerBody(west, { name: 'Early Ltd', url: 'https://early.example.com', other_filters: [] }),
    );
    expect(earlyEmployer.status).toBe(200);

    // By seq alone the early commit is past the late one: a reader going by seq would now skip the late change for good.
    const seqOf = async (id: string) => (await sql(early.db, "SELECT seq FROM changes WHERE entity = 'employer' AND record_id = ?").pluck().get(id)) as number;
    expect(lateEmployer.seq).toBeLessThan(await seqOf(earlyEmployer.body.id));

    const whileOpen = await read(reader, caughtUp);
    expect(whileOpen.ids).not.toContain(lateEmployer.body.id);

    await commitLate();
    const afterCommit = await readUntil(reader, whileOpen.next, lateEmployer.body.id);
    expect(afterCommit.ids).toContain(lateEmployer.body.id);
    expect([...whileOpen.ids, ...afterCommit.ids]).toContain(earlyEmployer.body.id);
  });

  it('holds nothing back once no transaction is open: a write is read once it commits, and only once', async () => {
    const writer = await connect();
    const reader = await connect();
    const from = (await read(reader)).next;
    const division = (await writer.call('POST', '/divisions/', { name: 'North', users: [], employer_ids: [] })).body.id as string;
    const after = await readUntil(reader, from, division);
    expect(after.ids).toEqual([division]);
    expect((await read(reader, after.next)).ids).toEqual([]);
  });

  it('lets two transactions write plans of one employer at once, and the feed names each plan and the employer once', async () => {
    const setup = await connect();
    const division = (await setup.call('POST', '/divisions/', { name: 'Shared', users: [], employer_ids: [] })).body.id as string;
    const employer = (
      await setup.call('POST', '/employers/', validEmployerBody(division, { name: 'Shared Ltd', url: 'https://shared.example.com', other_filters: [] }))
    ).body.id as string;
    const reader = await connect();
    const from = (await read(reader)).next;
    const plan = (title: string) => validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined });

    const first = await connect();
    // Had the second writer to wait for the first's open transaction, its statement would be cancelled after 2 s.
    const second = await connect(2_000);
    const { result: firstPlan, commit: commitFirst } = await openTransaction(first, (tx) => first.call('POST', '/plans/medical/', plan('First plan'), tx));
    expect(firstPlan.status).toBe(200);
    const started = performance.now();
    const secondPlan = await second.call('POST', '/plans/medical/', plan('Second plan'));
    expect(secondPlan.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    await commitFirst();

    // Pages of two: the employer's two rows, one per plan, are folded into the later one.
    const after = await readUntil(reader, from, firstPlan.body.id);
    const ids = [...after.ids, ...(await read(reader, after.next)).ids];
    expect(ids.sort()).toEqual([employer, firstPlan.body.id, secondPlan.body.id].sort());
  });

  it('compacts the journal: the rows a later row supersedes are deleted, and the feed answers the same', async () => {
    const writer = await connect();
    const reader = await connect();
    const from = (await read(reader)).next;
    const division = (await writer.call('POST', '/divisions/', { name: 'South', users: [], employer_ids: [] })).body.id as string;
    const employer = (
      await writer.call('POST', '/employers/', validEmployerBody(division, { name: 'Often Ltd', url: 'https://often.example.com', other_filters: [] }))
    ).body.id as string;
    for (const title of ['One', 'Two', 'Three']) {
      await writer.call('POST', '/plans/medical/', validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined }));
    }
    const rowsOf = async (id: string) => (await sql(writer.db, 'SELECT count(*) FROM changes WHERE record_id = ?').pluck().get(id)) as number;
    // The employer's create and one row a plan; the division's create and one row for the employer entering it.
    expect([await rowsOf(employer), await rowsOf(division)]).toEqual([4, 2]);
    const before = await readUntil(reader, from, employer);

    // Passes until they reach these rows: like the feed, compaction stops at the watermark (another file's open transaction).
    const deadline = Date.now() + 10_000;
    while ((await rowsOf(employer)) > 1 && Date.now() < deadline) await compactJournal(writer.db, 500);
    expect([await rowsOf(employer), await rowsOf(division)]).toEqual([1, 1]);
    const rows = await sql(writer.db, 'SELECT count(*) FROM changes').pluck().get();
    expect(await sql(writer.db, 'SELECT count(*) FROM (SELECT DISTINCT entity, record_id, division_id FROM changes) records').pluck().get()).toBe(rows);
    expect((await readUntil(reader, from, employer)).ids).toEqual(before.ids);
  });

  it("is compacted by serve's writer on its own, a pass soon after it starts", async () => {
    const writer = await connect();
    const division = (await writer.call('POST', '/divisions/', { name: 'Central', users: [], employer_ids: [] })).body.id as string;
    const employer = (
      await writer.call('POST', '/employers/', validEmployerBody(division, { name: 'Busy Ltd', url: 'https://busy.example.com', other_filters: [] }))
    ).body.id as string;
    await writer.call('POST', '/plans/medical/', validPlanBody('medical', { employer, title: 'Only', from_plan: undefined, from_action: undefined }));
    const rowsOf = async (id: string) => (await sql(writer.db, 'SELECT count(*) FROM changes WHERE record_id = ?').pluck().get(id)) as number;
    expect(await rowsOf(employer)).toBe(2);

    const said: string[] = [];
    const stop = startJournalCompaction((await connect()).db, (line) => said.push(line));
    try {
      const deadline = Date.now() + 10_000;
      while ((await rowsOf(employer)) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      stop();
    }
    expect(await rowsOf(employer)).toBe(1);
    expect(said).toEqual([]);
  });

  it('goes on from where compaction got to: a restarted or second process does not read the journal again from its start', async () => {
    const writer = await connect();
    const division = (await writer.call('POST', '/divisions/', { name: 'Resumed', users: [], employer_ids: [] })).body.id as string;
    const first = new JournalCompactor((await connect()).db, () => {});
    const deadline = Date.now() + 10_000;
    const reached = async () => {
      const upTo = await compactedUpTo(writer.db);
      const last = (await sql(writer.db, "SELECT xid, seq FROM changes WHERE record_id = ? AND entity = 'division'").get(division)) as {
        xid: number;
        seq: number;
      };
      return upTo.xid > last.xid || (upTo.xid === last.xid && upTo.seq >= last.seq);
    };
    while (!(await reached()) && Date.now() < deadline) await first.pass();
    expect(await reached()).toBe(true);
    const upTo = await compactedUpTo(writer.db);

    // Two rows of one record, placed before where compaction got to (another account's: no reader here sees them).
    // A compactor that started from the journal's beginning would delete the earlier one.
    const planted = sql(
      writer.db,
      "INSERT INTO changes (xid, account_id, entity, record_id, division_id, kind) VALUES (1, 'another account', 'division', 'planted', 'planted', NULL)",
    );
    await planted.run();
    await planted.run();
    const second = new JournalCompactor((await connect()).db, () => {});
    await second.pass();
    expect(await sql(writer.db, "SELECT count(*) FROM changes WHERE record_id = 'planted'").pluck().get()).toBe(2);
    const after = await compactedUpTo(writer.db);
    expect(after.xid > upTo.xid || (after.xid === upTo.xid && after.seq >= upTo.seq)).toBe(true);
    await sql(writer.db, "DELETE FROM changes WHERE record_id = 'planted'").run();
  });

  it('says a failing compaction in the log once, not at every pass, and once more when it succeeds again', async () => {
    const said: string[] = [];
    const compactor = new JournalCompactor((await connect()).db, (line) => said.push(line));
    const admin = await connect();
    await sql(admin.db, 'ALTER TABLE journal_compaction RENAME TO journal_compaction_away').run();
    try {
      for (let pass = 0; pass < 3; pass++) expect(await compactor.pass()).toBe(false);
    } finally {
      await sql(admin.db, 'ALTER TABLE journal_compaction_away RENAME TO journal_compaction').run();
    }
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/ journal compaction: .*journal_compaction.* does not exist\. Superseded rows of the changes journal are not deleted/);

    await compactor.pass();
    await compactor.pass();
    expect(said).toHaveLength(2);
    expect(said[1]).toMatch(/ journal compaction: succeeds again$/);
  });
});
