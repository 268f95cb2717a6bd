// Migration 14 gives each queued change the environment it came from. A workspace upgraded from
// version 13 takes it from the history row the same write kept: a pulled change is marked with its
// environment, a change made on this computer with none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { migrations } from '../../main/store/migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'plandesk-outbox-source-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('marks the queued changes a pull made with their environment, and no other', () => {
  const file = join(dir, 'workspace.db');
  const before = openSqliteDatabase(file, { migrations: migrations.filter((migration) => migration.version < 14) });
  const change = (record: string, at: string, pulledFrom: string | null) => {
    before
      .prepare("INSERT INTO outbox (entity, record_id, op, path, created_at) VALUES ('employer', ?, 'update', ?, ?)")
      .run(record, `/employers/${record}/`, at);
    before
      .prepare(
        "INSERT INTO record_history (record_id, entity, at, user_email, op, changes, pulled_from) VALUES (?, 'employer', ?, 'a@b.test', 'update', '{}', ?)",
      )
      .run(record, at, pulledFrom);
  };
  change('pulled', '2026-11-26T10:00:00.000Z', 'production');
  change('pulled', '2026-11-26T11:00:00.000Z', null);
  change('typed', '2026-11-26T10:00:00.000Z', null);
  before.close();

  const after = openSqliteDatabase(file);
  expect(after.prepare('SELECT record_id, created_at, pulled_from FROM outbox ORDER BY seq').all()).toEqual([
    { record_id: 'pulled', created_at: '2026-11-26T10:00:00.000Z', pulled_from: 'production' },
    { record_id: 'pulled', created_at: '2026-11-26T11:00:00.000Z', pulled_from: null },
    { record_id: 'typed', created_at: '2026-11-26T10:00:00.000Z', pulled_from: null },
  ]);
  after.close();
});
