// The one way a CLI command reaches the local workspace: --workspace DIR, else the default, opened
// for the command's work and closed after it, whatever the work does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withWorkspace, workspaceDir } from '../../main/cli/workspace-option.js';
import { initWorkspace, WorkspaceNotSetUpError, type Workspace } from '../../main/workspace/workspace.js';
import { SETUP } from '../support/workspace-fixture.js';

let root: string;
let dir: string;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'plandesk-workspace-option-'));
  dir = join(root, 'workspace');
  await initWorkspace(dir, SETUP);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('workspaceDir', () => {
  it('is the folder --workspace names', () => expect(workspaceDir('/some/folder')).toBe('/some/folder'));
  it('is $PLANDESK_WORKSPACE without --workspace, or with an empty one', () => {
    vi.stubEnv('PLANDESK_WORKSPACE', dir);
    expect(workspaceDir(undefined)).toBe(dir);
    expect(workspaceDir('')).toBe(dir);
  });
});

describe('withWorkspace', () => {
  it('opens the workspace for the work, answers what the work answers, then closes it', async () => {
    let seen: Workspace | undefined;
    const answer = await withWorkspace(dir, async (workspace) => {
      seen = workspace;
      expect(workspace.dir).toBe(dir);
      expect(workspace.db.open).toBe(true);
      return 7;
    });
    expect(answer).toBe(7);
    expect(seen!.db.open).toBe(false);
  });

  it('closes the workspace when the work fails, and lets the failure through', async () => {
    let seen: Workspace | undefined;
    const failure = new Error('the work failed');
    await expect(
      withWorkspace(dir, async (workspace) => {
        seen = workspace;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seen!.db.open).toBe(false);
  });

  it('opens the default workspace without --workspace', async () => {
    vi.stubEnv('PLANDESK_WORKSPACE', dir);
    expect(await withWorkspace(undefined, async (workspace) => workspace.dir)).toBe(dir);
  });

  it('never starts the work in a folder that holds no workspace', async () => {
    const work = vi.fn(async () => 0);
    await expect(withWorkspace(join(root, 'elsewhere'), work)).rejects.toBeInstanceOf(WorkspaceNotSetUpError);
    expect(work).not.toHaveBeenCalled();
  });
});
