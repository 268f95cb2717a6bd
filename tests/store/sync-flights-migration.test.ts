// Migration 10 moves what an in-flight record was sent with out of record_sync: a workspace that
// was interrupted mid-push before the upgrade still resumes that record with the same payload and key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { migrations } from '../../main/store/migrations/index.js';
import { checkDatabaseFile } from '../../main/workspace/check.js';
import { getRecordSync, markFailed, markInFlight, markPending, markSynced } from '../../main/store/record-sync-store.js';
import type { QueueItem } from '../../main/store/sync-queue-store.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-flights-'));
  file = join(dir, 'workspace.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PAYLOAD = { title: 'Gold PPO', employer: 'remote-employer' };

function workspaceInterruptedBeforeTheUpgrade(): void {
  const old = openSqliteDatabase(file, { migrations: migrations.filter((migration) => migration.version < 10) });
  old.exec(`INSERT INTO environments (name, base_url, token_scheme, token_ciphertext, created_at, updated_at) VALUES ('staging', 'http://x', 'test', 'x', 't', 't');
    INSERT INTO record_sync (env, record_id, entity, status, attempts, in_flight_seq, in_flight_op, in_flight_payload, in_flight_key)
      VALUES ('staging', 'plan-1', 'plan', 'in_flight', 1, 7, 'create', '${JSON.stringify(PAYLOAD)}', 'key-1'),
             ('staging', 'plan-2', 'plan', 'synced', 1, NULL, NULL, NULL, NULL);`);
  old.close();
}

describe('migration 10: in-flight payloads in a table of their own', () => {
  it('keeps an interrupted record in flight with the payload and key it was sent with', () => {
    workspaceInterruptedBeforeTheUpgrade();
    const db = openSqliteDatabase(file);
    try {
      expect(getRecordSync(db, 'staging', 'plan-1')).toMatchObject({
        status: 'in_flight',
        in_flight_seq: 7,
        in_flight_op: 'create',
        in_flight_key: 'key-1',
        in_flight_payload: JSON.stringify(PAYLOAD),
      });
      expect(getRecordSync(db, 'staging', 'plan-2')).toMatchObject({ status: 'synced', in_flight_key: null });
      const columns = (db.prepare('PRAGMA table_info(record_sync)').all() as { name: string }[]).map((column) => column.name);
      expect(columns.filter((name) => name.startsWith('in_flight'))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('holds a flight only while the record is in flight', () => {
    workspaceInterruptedBeforeTheUpgrade();
    const db = openSqliteDatabase(file);
    try {
      const item = { record_id: 'plan-3', entity: 'plan' } as QueueItem;
      const flights = () => db.prepare('SELECT record_id FROM sync_flights ORDER BY record_id').pluck().all();
      markInFlight(db, 'staging', item, { seq: 9, op: 'create', json: JSON.stringify(PAYLOAD), key: 'key-3', snapshot: null }, 't');
      expect(flights()).toEqual(['plan-1', 'plan-3']);
      markPending(db, 'staging', item, 'the remote is unreachable');
      expect(getRecordSync(db, 'staging', 'plan-3')).toMatchObject({ status: 'in_flight', in_flight_key: 'key-3' });
      markSynced(db, 'staging', item, 9);
      markFailed(db, 'staging', { record_id: 'plan-1', entity: 'plan' }, 7, { status: 'failed', error: 'refused' });
      expect(flights()).toEqual([]);
      markPending(db, 'staging', item, 'waiting');
      expect(getRecordSync(db, 'staging', 'plan-3')?.status).toBe('pending');
    } finally {
      db.close();
    }
  });

  it('has `plandesk check` name a record in flight without what was sent, and a flight of a record not in flight', () => {
    workspaceInterruptedBeforeTheUpgrade();
    const db = openSqliteDatabase(file);
    db.exec(`DELETE FROM sync_flights WHERE record_id = 'plan-1';
      INSERT INTO sync_flights (env, record_id, seq, op, payload, key) VALUES ('staging', 'plan-2', 3, 'update', '{}', 'key-2');`);
    db.close();
    const problems = checkDatabaseFile(file).problems.join('\n');
    expect(problems).toContain('plan-1 on staging is marked in flight without the change being sent');
    expect(problems).toContain('plan-2 on staging keeps a change as sent although it is not in flight');
  });
});
