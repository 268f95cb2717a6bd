// `plandesk check` (and the app's check) says what is wrong in a sentence or two, whatever SQLite
// lists, and points a missing workspace to the command that makes one.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkWorkspace } from '../../main/workspace/check.js';
import { damageMiddlePage, seedWorkspace, workspaceFile } from '../support/workspace-fixture.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plandesk-check-words-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the workspace check, in words', () => {
  it('points a folder without a workspace to plandesk local init', () => {
    const report = checkWorkspace(join(dir, 'nothing-here'));
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(/nothing-here is not a PlanDesk workspace .*plandesk local init --workspace .*nothing-here/)]);
  });

  it('says in one sentence that a folder stands where the database file should be, as every other command does', () => {
    const folder = workspaceFile(dir);
    mkdirSync(folder);
    expect(checkWorkspace(dir)).toEqual({ ok: false, problems: [`${folder} is a folder, not a PlanDesk database file`] });
  });

  it('sums up a damaged file in one sentence with the first of what SQLite found, instead of a line per problem', async () => {
    await seedWorkspace(dir, 300);
    damageMiddlePage(workspaceFile(dir));
    const report = checkWorkspace(dir);
    expect(report.ok).toBe(false);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(/^integrity: the database file is damaged.*; restore a backup$/);
  });
});
