// The damage check runs whenever a workspace file may have changed since a check last found it
// intact, and only then: its record vouches for what the check read, never for what came after.
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { needsDamageCheck } from '../../main/store/damage-check.js';
import { sql } from '../../main/store/database.js';
import { openDatabase } from '../../main/store/open-database.js';
import { StorageError } from '../../main/store/storage-errors.js';
import { checkDatabaseFile } from '../../main/workspace/check.js';
import { damageMiddlePage, seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-damage-check-'));
  await seedWorkspace(dir, 40);
  file = workspaceFile(dir);
  // The seeding wrote to the file: this open checks it, and the check's pass is recorded.
  await (await openDatabase(file)).close();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the damage check before writing to an existing workspace', () => {
  it('is skipped for a file exactly as a check found it, through any number of sessions that only read', async () => {
    expect(needsDamageCheck(file)).toBe(false);
    for (let session = 0; session < 3; session += 1) {
      const db = await openDatabase(file);
      expect(await sql(db, 'SELECT count(*) FROM employers').pluck().get()).toBe(40);
      await db.close();
      expect(needsDamageCheck(file)).toBe(false);
    }
  });

  it('is owed again once PlanDesk itself wrote to the file: the check vouched only for what it read', async () => {
    const db = await openDatabase(file);
    await sql(db, "INSERT INTO meta (key, value) VALUES ('probe', 'x')").run();
    expect(needsDamageCheck(file)).toBe(true);
    await db.close();
    expect(needsDamageCheck(file)).toBe(true);
    await (await openDatabase(file)).close();
    expect(needsDamageCheck(file)).toBe(false);
  });

  it('refuses a file whose bytes were overwritten while PlanDesk held it open, once it is opened again', async () => {
    const db = await openDatabase(file);
    await sql(db, "INSERT INTO meta (key, value) VALUES ('probe', 'x')").run();
    damageMiddlePage(file);
    await db.close();
    expect(needsDamageCheck(file)).toBe(true);
    await expect(openDatabase(file)).rejects.toThrow(StorageError);
    await expect(openDatabase(file)).rejects.toThrow('the workspace database is damaged');
  });

  it('refuses a file damaged while PlanDesk held it open only to read', async () => {
    const db = await openDatabase(file);
    expect(await sql(db, 'SELECT count(*) FROM employers').pluck().get()).toBe(40);
    damageMiddlePage(file);
    await db.close();
    await expect(openDatabase(file)).rejects.toThrow('the workspace database is damaged');
  });

  it('runs after another program wrote to the file, even one that put its times back', async () => {
    const before = statSync(file);
    damageMiddlePage(file);
    utimesSync(file, before.atime, before.mtime);
    expect(needsDamageCheck(file)).toBe(true);
    await expect(openDatabase(file)).rejects.toThrow(StorageError);
  });

  it('runs after a crash left a write-ahead log behind', () => {
    writeFileSync(`${file}-wal`, Buffer.alloc(32, 1));
    expect(needsDamageCheck(file)).toBe(true);
  });

  it('runs on a file copied over the workspace, and on one PlanDesk never closed', () => {
    const copy = join(dir, 'copy.db');
    copyFileSync(file, copy);
    expect(needsDamageCheck(copy)).toBe(true);
    copyFileSync(copy, file);
    expect(needsDamageCheck(file)).toBe(true);
  });

  it('keeps its record beside the database, owner-only', () => {
    expect(existsSync(`${file}-checked`)).toBe(true);
    expect(statSync(`${file}-checked`).mode & 0o777).toBe(0o600);
  });

  // Last: once a process has met damage it vouches for no file any more (damage-met.test.ts).
  it('is owed again once `plandesk check` finds the file damaged, whatever its record says', () => {
    damageMiddlePage(file);
    expect(existsSync(`${file}-checked`)).toBe(true);
    expect(checkDatabaseFile(file).ok).toBe(false);
    expect(existsSync(`${file}-checked`)).toBe(false);
  });
});
