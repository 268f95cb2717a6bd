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
import { openDatabase, sql, type Db } from '../../main/store/database.js';
import { startJournalCompaction } from '../../main/http/journal-compactor.js';
import { compactJournal } from '../../main/store/journal-compaction.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/postgres.js';

interface Connection {
  db: Db;
  call: (method: string, path: string, body?: unknown) => { status: number; body: any };
}

describe.skipIf(!POSTGRES_ADMIN_URL)('the changes feed on PostgreSQL', () => {
  let database: TestDatabase;
  const open: Db[] = [];
  let user: string;

  beforeAll(async () => {
    database = await createTestDatabase('feed');
  });
  afterAll(async () => {
    for (const db of open) db.close();
    await database.drop();
  });

  /** A connection of its own (as another process has), calling the service as the account's admin; a statement waiting longer than `statementTimeoutMs` fails. */
  function connect(statementTimeoutMs?: number): Connection {
    const db = openDatabase(database.url, statementTimeoutMs === undefined ? {} : { statementTimeoutMs });
    open.push(db);
    const router: Router = createRouter(createContext(db));
    return { db, call: (method, path, body) => router({ method, path, body, actor: { userId: user } }) as { status: number; body: any } };
  }

  /**
   * Reads from `since` until `id` is among the changes read (within 10 s): the watermark is the
   * oldest write transaction of the whole server, so another test file's, on its own database, may
   * hold the feed back for a moment; it may delay a change, never skip one.
   */
  function readUntil(reader: Connection, since: string, id: string): { ids: string[]; next: string } {
    const ids: string[] = [];
    let cursor = since;
    const deadline = Date.now() + 10_000;
    while (!ids.includes(id) && Date.now() < deadline) {
      const page = read(reader, cursor);
      ids.push(...page.ids);
      cursor = page.next;
    }
    return { ids, next: cursor };
  }

  /** Every page from `since` until the feed says it is complete: the changes' ids and the cursor to go on from. */
  function read(reader: Connection, since?: string): { ids: string[]; next: string } {
    const ids: string[] = [];
    let cursor = since;
    for (;;) {
      const page = reader.call('GET', `/changes/?limit=2${cursor ? `&since=${cursor}` : ''}`).body;
      ids.push(...page.changes.map((change: { id: string }) => change.id));
      cursor = page.next;
      if (page.complete) return { ids, next: cursor! };
    }
  }

  it('delivers a change whose transaction took an earlier seq and committed after a reader read past it', () => {
    const setup = connect();
    const made = bootstrap(createContext(setup.db), { account: 'Feed Brokers', email: 'admin@feed.example.com', division: 'East' });
    user = made.user;
    // Two divisions, so the two writers below touch no journal row in common and neither waits for the other.
    const west = setup.call('POST', '/divisions/', { name: 'West', users: [], employer_ids: [] }).body.id as string;
    const reader = connect();
    const caughtUp = read(reader).next;

    const late = connect();
    const early = connect();
    sql(late.db, 'BEGIN').run();
    const lateEmployer = late.call(
      'POST',
      '/employers/',
      validEmployerBody(made.division, { name: 'Late Ltd', url: 'https://late.example.com', other_filters: [] }),
    );
    expect(lateEmployer.status).toBe(200);
    const earlyEmployer = early.call(
      'POST',
      '/employers/',
      validEmployerBody(west, { name: 'Early Ltd', url: 'https://early.example.com', other_filters: [] }),
    );
    expect(earlyEmployer.status).toBe(200);

    // By seq alone the early commit is past the late one: a reader going by seq would now skip the late change for good.
    const seqOf = (id: string) => sql(early.db, "SELECT seq FROM changes WHERE entity = 'employer' AND record_id = ?").pluck().get(id) as number;
    sql(late.db, 'SAVEPOINT look').run();
    const lateSeq = sql(late.db, "SELECT seq FROM changes WHERE entity = 'employer' AND record_id = ?").pluck().get(lateEmployer.body.id) as number;
    sql(late.db, 'RELEASE look').run();
    expect(lateSeq).toBeLessThan(seqOf(earlyEmployer.body.id));

    const whileOpen = read(reader, caughtUp);
    expect(whileOpen.ids).not.toContain(lateEmployer.body.id);

    sql(late.db, 'COMMIT').run();
    const afterCommit = readUntil(reader, whileOpen.next, lateEmployer.body.id);
    expect(afterCommit.ids).toContain(lateEmployer.body.id);
    expect([...whileOpen.ids, ...afterCommit.ids]).toContain(earlyEmployer.body.id);
  });

  it('holds nothing back once no transaction is open: a write is read once it commits, and only once', () => {
    const writer = connect();
    const reader = connect();
    const from = read(reader).next;
    const division = writer.call('POST', '/divisions/', { name: 'North', users: [], employer_ids: [] }).body.id as string;
    const after = readUntil(reader, from, division);
    expect(after.ids).toEqual([division]);
    expect(read(reader, after.next).ids).toEqual([]);
  });

  it('lets two transactions write plans of one employer at once, and the feed names each plan and the employer once', () => {
    const setup = connect();
    const division = setup.call('POST', '/divisions/', { name: 'Shared', users: [], employer_ids: [] }).body.id as string;
    const employer = setup.call(
      'POST',
      '/employers/',
      validEmployerBody(division, { name: 'Shared Ltd', url: 'https://shared.example.com', other_filters: [] }),
    ).body.id as string;
    const reader = connect();
    const from = read(reader).next;
    const plan = (title: string) => validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined });

    const first = connect();
    // Had the second writer to wait for the first's open transaction, its statement would be cancelled after 2 s.
    const second = connect(2_000);
    sql(first.db, 'BEGIN').run();
    const firstPlan = first.call('POST', '/plans/medical/', plan('First plan'));
    expect(firstPlan.status).toBe(200);
    const started = performance.now();
    const secondPlan = second.call('POST', '/plans/medical/', plan('Second plan'));
    expect(secondPlan.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    sql(first.db, 'COMMIT').run();

    // Pages of two: the employer's two rows, one per plan, are folded into the later one.
    const after = readUntil(reader, from, firstPlan.body.id);
    const ids = [...after.ids, ...read(reader, after.next).ids];
    expect(ids.sort()).toEqual([employer, firstPlan.body.id, secondPlan.body.id].sort());
  });

  it('compacts the journal: the rows a later row supersedes are deleted, and the feed answers the same', () => {
    const writer = connect();
    const reader = connect();
    const from = read(reader).next;
    const division = writer.call('POST', '/divisions/', { name: 'South', users: [], employer_ids: [] }).body.id as string;
    const employer = writer.call('POST', '/employers/', validEmployerBody(division, { name: 'Often Ltd', url: 'https://often.example.com', other_filters: [] }))
      .body.id as string;
    for (const title of ['One', 'Two', 'Three']) {
      writer.call('POST', '/plans/medical/', validPlanBody('medical', { employer, title, from_plan: undefined, from_action: undefined }));
    }
    const rowsOf = (id: string) => sql(writer.db, 'SELECT count(*) FROM changes WHERE record_id = ?').pluck().get(id) as number;
    // The employer's create and one row a plan; the division's create and one row for the employer entering it.
    expect([rowsOf(employer), rowsOf(division)]).toEqual([4, 2]);
    const before = readUntil(reader, from, employer);

    // Passes from the start until they reach these rows: like the feed, compaction stops at the watermark (another file's open transaction).
    const deadline = Date.now() + 10_000;
    let position = { xid: 0, seq: 0 };
    while (rowsOf(employer) > 1 && Date.now() < deadline) position = compactJournal(writer.db, position).next;
    expect([rowsOf(employer), rowsOf(division)]).toEqual([1, 1]);
    const rows = sql(writer.db, 'SELECT count(*) FROM changes').pluck().get();
    expect(sql(writer.db, 'SELECT count(*) FROM (SELECT DISTINCT entity, record_id, division_id FROM changes) records').pluck().get()).toBe(rows);
    expect(readUntil(reader, from, employer).ids).toEqual(before.ids);
  });

  it("is compacted by serve's writer on its own, a pass soon after it starts", async () => {
    const writer = connect();
    const division = writer.call('POST', '/divisions/', { name: 'Central', users: [], employer_ids: [] }).body.id as string;
    const employer = writer.call('POST', '/employers/', validEmployerBody(division, { name: 'Busy Ltd', url: 'https://busy.example.com', other_filters: [] }))
      .body.id as string;
    writer.call('POST', '/plans/medical/', validPlanBody('medical', { employer, title: 'Only', from_plan: undefined, from_action: undefined }));
    const rowsOf = (id: string) => sql(writer.db, 'SELECT count(*) FROM changes WHERE record_id = ?').pluck().get(id) as number;
    expect(rowsOf(employer)).toBe(2);

    const stop = startJournalCompaction(connect().db);
    try {
      const deadline = Date.now() + 10_000;
      while (rowsOf(employer) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      stop();
    }
    expect(rowsOf(employer)).toBe(1);
  });
});
