// Migration 11 rebuilds ten tables to write their CHECK constraints as comparisons instead of IN
// lists (SQLite builds a temporary b-tree for each such list every time a statement runs). A
// workspace upgraded from version 10 keeps every row, every sequence and every index, and its
// constraints refuse what they refused before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BENEFITS } from '../../shared/plans/index.js';
import { bootstrap } from '../../main/service/accounts.js';
import { createContext } from '../../main/service/context.js';
import { createRouter } from '../../main/router/router.js';
import type { SqliteDb } from '../../main/store/database.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { sqliteStore } from '../../main/store/sqlite-store.js';
import { migrations } from '../../main/store/migrations/index.js';
import { validEmployerBody, validPlanBody } from '../support/fixtures.js';

const REBUILT = [
  'plan_medical',
  'plan_dental',
  'plan_vision',
  'plan_std',
  'plan_ltd',
  'record_sync',
  'outbox',
  'record_history',
  'record_states',
  'sync_decisions',
];

/** Opening with these leaves a workspace as version 10 made it. */
const VERSION_10 = { migrations: migrations.filter((migration) => migration.version < 11) };

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-checks-'));
  file = join(dir, 'workspace.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A version-10 workspace with a plan of every kind, their outbox and history, sync state, and an outbox whose last entry was removed. */
async function workspaceBeforeTheUpgrade(): Promise<{ plans: { path: string; body: unknown }[] }> {
  const db = openSqliteDatabase(file, VERSION_10);
  // Today's service journals with today's columns: they are there while it writes, then the file is given back version 10's shape.
  db.exec('ALTER TABLE record_history ADD COLUMN pulled_from TEXT; ALTER TABLE outbox ADD COLUMN pulled_from TEXT');
  try {
    let userId = '';
    const context = createContext(sqliteStore(db), { journaled: true });
    const router = createRouter(context);
    const account = await bootstrap(context, { account: 'Acme', email: 'admin@acme.test', division: 'East' });
    userId = account.user;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await router({ method, path, body, actor: { userId } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as { id: string };
    };
    const employer = (await call('POST', '/employers/', validEmployerBody(account.division, { other_filters: [] }))).id;
    const plans: { path: string; body: unknown }[] = [];
    for (const benefit of BENEFITS) {
      const id = (await call('POST', `/plans/${benefit}/`, validPlanBody(benefit, { employer, from_plan: undefined, from_action: undefined }))).id;
      plans.push({ path: `/plans/${benefit}/${id}/`, body: await call('GET', `/plans/${benefit}/${id}/`) });
    }
    db.exec(`INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES ('staging', 'http://x', 'test', 'x', 't', 't');
      INSERT INTO record_sync (env, record_id, entity, status, attempts) VALUES ('staging', '${employer}', 'employer', 'conflict', 2);
      INSERT INTO sync_decisions (env, record_id, entity, decision, conflict, decided_by, decided_at) VALUES ('staging', '${employer}', 'employer', 'skip', 'x', 'admin@acme.test', 't');
      DELETE FROM outbox WHERE seq = (SELECT max(seq) FROM outbox);
      ALTER TABLE record_history DROP COLUMN pulled_from;
      ALTER TABLE outbox DROP COLUMN pulled_from;`);
    return { plans };
  } finally {
    db.close();
  }
}

const columnsOf = (db: SqliteDb, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name);
/** A table's rows, with the columns given (later migrations add some) or all. */
const rowsOf = (db: SqliteDb, table: string, columns = columnsOf(db, table)) => db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY rowid`).all();
const sequences = (db: SqliteDb) => db.prepare("SELECT name, seq FROM sqlite_sequence WHERE name IN ('outbox', 'record_history') ORDER BY name").all();
const indexes = (db: SqliteDb) =>
  db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN (" + REBUILT.map((t) => `'${t}'`).join(', ') + ') ORDER BY name')
    .pluck()
    .all();

describe('migration 11: CHECK constraints as comparisons', () => {
  it('keeps every row, sequence and index of the rebuilt tables, and the database sound', async () => {
    await workspaceBeforeTheUpgrade();
    const before = openSqliteDatabase(file, VERSION_10);
    const snapshot = {
      rows: Object.fromEntries(REBUILT.map((table) => [table, rowsOf(before, table)])),
      sequences: sequences(before),
      indexes: indexes(before),
    };
    const columns = Object.fromEntries(REBUILT.map((table) => [table, columnsOf(before, table)]));
    before.close();
    expect(snapshot.rows.outbox).not.toEqual([]);

    const db = openSqliteDatabase(file);
    try {
      expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(migrations.at(-1)!.version);
      for (const table of REBUILT) expect(rowsOf(db, table, columns[table]), table).toEqual(snapshot.rows[table]);
      expect(sequences(db)).toEqual(snapshot.sequences);
      expect(indexes(db)).toEqual(snapshot.indexes);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('serves every plan as before, and numbers the next change after the last one ever made', async () => {
    const { plans } = await workspaceBeforeTheUpgrade();
    const old = openSqliteDatabase(file, VERSION_10);
    const lastSeq = old.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").pluck().get() as number;
    old.close();
    const db = openSqliteDatabase(file);
    try {
      const userId = db.prepare('SELECT id FROM users').pluck().get() as string;
      const router = createRouter(createContext(sqliteStore(db), { journaled: true }));
      for (const plan of plans) expect((await router({ method: 'GET', path: plan.path, body: undefined, actor: { userId } })).body).toEqual(plan.body);
      const medical = plans[0]!;
      expect((await router({ method: 'PUT', path: medical.path, body: { ...(medical.body as object), title: 'Renamed' }, actor: { userId } })).status).toBe(
        200,
      );
      expect(db.prepare('SELECT max(seq) FROM outbox').pluck().get()).toBe(lastSeq + 1);
    } finally {
      db.close();
    }
  });

  it('still refuses what the lists refused, and still takes a NULL where the column allows one', async () => {
    await workspaceBeforeTheUpgrade();
    const db = openSqliteDatabase(file);
    try {
      expect(() => db.exec("UPDATE plan_medical SET pcp_ded_apply = 'SOMETIMES'")).toThrow(/CHECK constraint failed/);
      expect(() => db.exec("UPDATE plan_medical SET type = 'ppo'")).toThrow(/CHECK constraint failed/);
      expect(() => db.exec("UPDATE record_sync SET status = 'lost'")).toThrow(/CHECK constraint failed/);
      expect(() => db.exec("INSERT INTO outbox (entity, record_id, op, path, created_at) VALUES ('plan', 'x', 'move', '/x/', 't')")).toThrow(
        /CHECK constraint failed/,
      );
      expect(() => db.exec("UPDATE sync_decisions SET decision = 'ignore'")).toThrow(/CHECK constraint failed/);
      db.exec("UPDATE plan_medical SET rx3_ded_apply = NULL, pcp_ded_apply = 'TRUE_COIN'");
      expect(db.prepare('SELECT rx3_ded_apply, pcp_ded_apply FROM plan_medical').get()).toEqual({ rx3_ded_apply: null, pcp_ded_apply: 'TRUE_COIN' });
    } finally {
      db.close();
    }
  });
});
