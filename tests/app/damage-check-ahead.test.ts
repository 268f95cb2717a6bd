// The app's first open makes the damage check ahead, in its worker thread (here: the same check,
// on this thread): a pass is recorded as the open's own would be, so the open on the main thread
// owes none; anything else leaves the open to check, and to refuse a damaged file, as always.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { damageCheckAhead } from '../../main/app/workspace-safety.js';
import { needsDamageCheck } from '../../main/store/damage-check.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { passesDamageCheck } from '../../main/workspace/check.js';
import { damageMiddlePage, seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

let dir: string;
let file: string;
const checkHere = (checked: string) => Promise.resolve(passesDamageCheck(checked));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-check-ahead-'));
  await seedWorkspace(dir, 40);
  file = workspaceFile(dir);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the damage check made ahead of the open', () => {
  it('records a pass, so the open owes none', async () => {
    expect(needsDamageCheck(file)).toBe(true);
    await damageCheckAhead(file, checkHere);
    expect(needsDamageCheck(file)).toBe(false);
  });

  it('records nothing for a damaged file: the open checks it, and refuses it', async () => {
    damageMiddlePage(file);
    expect(passesDamageCheck(file)).toBe(false);
    await damageCheckAhead(file, checkHere);
    expect(needsDamageCheck(file)).toBe(true);
    expect(() => openSqliteDatabase(file)).toThrow('the workspace database is damaged');
  });

  it('records nothing when the file changed while it was checked', async () => {
    await damageCheckAhead(file, async (checked) => {
      const db = openSqliteDatabase(checked);
      db.prepare("INSERT INTO meta (key, value) VALUES ('probe', 'x')").run();
      db.close();
      return passesDamageCheck(checked);
    });
    expect(needsDamageCheck(file)).toBe(true);
  });

  it('is not made while a write-ahead log waits (the open owes its check whatever is recorded)', async () => {
    const db = openSqliteDatabase(file);
    try {
      db.prepare("INSERT INTO meta (key, value) VALUES ('probe', 'x')").run();
      let asked = false;
      await damageCheckAhead(file, async () => (asked = true));
      expect(asked).toBe(false);
    } finally {
      db.close();
    }
  });

  it('is not made for a file that owes no check', async () => {
    openSqliteDatabase(file).close();
    expect(needsDamageCheck(file)).toBe(false);
    let asked = false;
    await damageCheckAhead(file, async () => (asked = true));
    expect(asked).toBe(false);
  });
});
