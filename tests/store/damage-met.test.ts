// A process that meets damage in a workspace file stops vouching for files: every next open
// checks again (damage-check.test.ts covers the rest; this runs in a process of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { needsDamageCheck } from '../../main/store/damage-check.js';
import { openDatabase } from '../../main/store/open-database.js';
import { storageErrorOf } from '../../main/store/sqlite-failures.js';
import { seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'plandesk-damage-met-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('owes the check again on a file PlanDesk met damage in, and vouches for nothing closed afterwards', async () => {
  await seedWorkspace(dir, 5);
  const file = workspaceFile(dir);
  await (await openDatabase(file)).close();
  expect(needsDamageCheck(file)).toBe(false);
  expect(storageErrorOf(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'), file)?.problem).toBe('damaged');
  expect(needsDamageCheck(file)).toBe(true);
  await (await openDatabase(file)).close();
  expect(needsDamageCheck(file)).toBe(true);
});
