// Migration 12's journal, written by triggers in the transaction of every write: one row per record
// and division it is seen through, replaced (with a new, higher seq) by the record's next write, so
// it grows with the records, not with the writes; a failed write leaves it as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Router } from '../../main/api/types.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { sql, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

let dir: string;
let db: Db;
let call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
let division: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-journal-'));
  // A server's database: only there do the triggers keep the journal (migration 16).
  db = await openDatabase(join(dir, 'journal.db'), { server: true });
  const context = createContext(db);
  const router: Router = createRouter(context);
  const boot = await bootstrap(context, { account: 'Journal Brokers', email: 'admin@journal.example.com', division: 'Home' });
  division = boot.division;
  call = async (method, path, body) => (await router({ method, path, body, actor: { userId: boot.user } })) as { status: number; body: any };
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rowsOf = async (recordId: string) =>
  (await sql(db, 'SELECT seq, entity, division_id AS division, kind FROM changes WHERE record_id = ? ORDER BY seq').all(recordId)) as {
    seq: number;
    entity: string;
    division: string;
    kind: string | null;
  }[];
const journalSize = async () => (await sql(db, 'SELECT count(*) FROM changes').pluck().get()) as number;
const lastSeq = async () => (await sql(db, 'SELECT max(seq) FROM changes').pluck().get()) as number;

async function employerAndPlan() {
  const employer = (await call('POST', '/employers/', validEmployerBody(division, { other_filters: [] }))).body;
  const plan = (await call('POST', '/plans/dental/', validPlanBody('dental', { employer: employer.id, from_plan: undefined, from_action: undefined }))).body;
  return { employer, plan };
}

describe('the changes journal', () => {
  it('keeps one row per record and division however often it is written, each write giving it a later seq', async () => {
    const { employer, plan } = await employerAndPlan();
    const size = await journalSize();
    let previous = (await rowsOf(plan.id))[0]!.seq;
    for (const carrier of ['Delta Dental', 'Guardian', 'MetLife']) {
      expect((await call('PUT', `/plans/dental/${plan.id}/`, { ...plan, carrier })).status).toBe(200);
      const [row] = await rowsOf(plan.id);
      expect(row!.seq).toBeGreaterThan(previous);
      previous = row!.seq;
    }
    expect(await rowsOf(plan.id)).toEqual([{ seq: previous, entity: 'plan', division, kind: 'dental' }]);
    expect(await rowsOf(employer.id)).toHaveLength(1);
    expect(await journalSize()).toBe(size);
  });

  it("keeps a moved employer's rows in both divisions, its plans' too", async () => {
    const { employer, plan } = await employerAndPlan();
    const other = (await call('POST', '/divisions/', { name: 'Elsewhere', users: [], employer_ids: [] })).body;
    const { id: _id, account: _a, plans: _p, plans_expired: _e, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, ...writable } = employer;
    expect((await call('PUT', `/employers/${employer.id}/`, { ...writable, division: other.id })).status).toBe(200);
    expect((await rowsOf(employer.id)).map((row) => row.division).sort()).toEqual([division, other.id].sort());
    expect((await rowsOf(plan.id)).map((row) => row.division).sort()).toEqual([division, other.id].sort());
  });

  it('keeps a row for each record deleted, its plans included when an employer goes with them', async () => {
    const { employer, plan } = await employerAndPlan();
    const before = await lastSeq();
    expect((await call('DELETE', `/employers/${employer.id}/`)).status).toBe(204);
    expect(await rowsOf(employer.id)).toEqual([expect.objectContaining({ entity: 'employer', division })]);
    expect(await rowsOf(plan.id)).toEqual([expect.objectContaining({ entity: 'plan', division, kind: 'dental' })]);
    expect((await rowsOf(plan.id))[0]!.seq).toBeGreaterThan(before);
  });

  it('is untouched by a write that fails', async () => {
    const { plan } = await employerAndPlan();
    const before = await sql(db, 'SELECT * FROM changes ORDER BY seq').all();
    expect((await call('PUT', `/plans/dental/${plan.id}/`, { ...plan, end_date: '1999-01-01' })).status).toBe(400);
    expect(await sql(db, 'SELECT * FROM changes ORDER BY seq').all()).toEqual(before);
  });
});
