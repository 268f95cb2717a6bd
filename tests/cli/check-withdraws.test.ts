// `plandesk check` withdraws the damage check's record of a file it finds damaged, also when the
// damage makes SQLite throw rather than list problems. The check runs as the command, in a process
// that never vouched for the file itself (as a person runs it after the app closed).
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { needsDamageCheck } from '../../main/store/damage-check.js';
import { openSqliteDatabase } from '../../main/store/open-database.js';
import { runPlandesk } from '../support/cli-run.js';
import { seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'plandesk-check-withdraws-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('withdraws the record when the damage it meets makes SQLite throw instead of listing problems', async () => {
  await seedWorkspace(dir, 5);
  const file = workspaceFile(dir);
  openSqliteDatabase(file).close();
  expect(existsSync(`${file}-checked`)).toBe(true);
  // The first page holds the schema: with it overwritten, SQLite cannot even read the file's tables.
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 0);
  closeSync(fd);
  const result = await runPlandesk(['check', '--workspace', dir, '--json']);
  expect(result.code, result.stderr).toBe(1);
  expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^integrity: /)] });
  expect(existsSync(`${file}-checked`)).toBe(false);
  expect(needsDamageCheck(file)).toBe(true);
});
