// The changes journal is kept only by a database a server opens (migration 16): a workspace's
// writes write no journal rows, and a file opened as a server's journals, once, every record
// written while it had none, so the feed's first reader misses nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceApi } from '../../shared/routes.js';
import { createRouter } from '../../main/router/router.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { sql, type Db } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-journal-on-serve-'));
  file = join(dir, 'plandesk.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const journal = async (db: Db) =>
  (await sql(db, 'SELECT entity, record_id AS id, division_id AS division, kind FROM changes ORDER BY seq').all()) as {
    entity: string;
    id: string;
    division: string;
    kind: string | null;
  }[];

/** A database with an account, an employer and a dental plan, written as `options` opens it. */
async function written(options: { server?: boolean }) {
  const db = await openDatabase(file, options);
  const context = createContext(db);
  const boot = await bootstrap(context, { account: 'Journal Brokers', email: 'admin@journal.example.com', division: 'Home' });
  const router = createRouter(context);
  const actor = { userId: boot.user };
  const employer = (await router({ method: 'POST', path: '/employers/', body: validEmployerBody(boot.division, { other_filters: [] }), actor })).body as {
    id: string;
  };
  const body = validPlanBody('dental', { employer: employer.id, from_plan: undefined, from_action: undefined });
  const plan = (await router({ method: 'POST', path: '/plans/dental/', body, actor })).body as { id: string };
  return { db, boot, employer, plan, router, actor };
}

describe('the changes journal, on a server’s database only', () => {
  it('is not written by a workspace’s writes', async () => {
    const { db } = await written({});
    expect(await journal(db)).toEqual([]);
    await db.close();
  });

  it('journals, once, the records written before a server first opened the file, then every write', async () => {
    const before = await written({});
    await before.db.close();

    const served = await openDatabase(file, { server: true });
    const rows = await journal(served);
    expect(rows).toEqual(
      expect.arrayContaining([
        { entity: 'division', id: before.boot.division, division: before.boot.division, kind: null },
        { entity: 'user', id: before.boot.user, division: '', kind: null },
        { entity: 'employer', id: before.employer.id, division: before.boot.division, kind: null },
        { entity: 'plan', id: before.plan.id, division: before.boot.division, kind: 'dental' },
      ]),
    );
    expect(rows).toHaveLength(4);
    const router = createRouter(createContext(served));
    const feed = (await router({ method: 'GET', path: '/changes/', body: undefined, actor: before.actor })).body as { changes: { id: string }[] };
    expect(feed.changes.map((change) => change.id)).toEqual(expect.arrayContaining([before.employer.id, before.plan.id]));

    const renamed = { ...validEmployerBody(before.boot.division, { other_filters: [] }), name: 'Renamed Employer' };
    expect((await router({ method: 'PUT', path: `/employers/${before.employer.id}/`, body: renamed, actor: before.actor })).status).toBe(200);
    const after = await journal(served);
    expect(after).toHaveLength(4);
    expect(after.at(-1)).toEqual({ entity: 'employer', id: before.employer.id, division: before.boot.division, kind: null });
    await served.close();

    const again = await openDatabase(file, { server: true });
    expect(await journal(again)).toEqual(after);
    await again.close();
  });

  it('is no operation of a workspace: its router answers the feed, batches and capabilities 404', async () => {
    const { db, actor } = await written({});
    const router = createRouter(createContext(db), workspaceApi);
    for (const [method, path] of [
      ['GET', '/changes/'],
      ['POST', '/batch/'],
      ['GET', '/capabilities/'],
    ] as const) {
      expect((await router({ method, path, body: undefined, actor })).status, `${method} ${path}`).toBe(404);
    }
    expect((await router({ method: 'GET', path: '/employers/list/', body: undefined, actor })).status).toBe(200);
    await db.close();
  });
});
