import { defaultWorkspaceDir } from '../workspace/default-dir.js';
import { openWorkspace, type Workspace } from '../workspace/workspace.js';

/** The option every command on the local workspace declares, beside its own: `--workspace DIR`. */
export const workspaceOption = { workspace: { type: 'string' } } as const;

/** `--workspace DIR`, else $PLANDESK_WORKSPACE, else the app's per-user data folder. */
export function workspaceDir(option: string | undefined): string {
  return option !== undefined && option !== '' ? option : defaultWorkspaceDir();
}

/** Opens the workspace `--workspace` names (or the default one), lets `work` use it, and closes it whatever `work` does. */
export async function withWorkspace<T>(option: string | undefined, work: (workspace: Workspace) => Promise<T>): Promise<T> {
  const workspace = await openWorkspace(workspaceDir(option));
  try {
    return await work(workspace);
  } finally {
    workspace.close();
  }
}
