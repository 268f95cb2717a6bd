import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminError } from '../service/accounts.js';
import { openWorkspace, WORKSPACE_DB, type Workspace } from '../workspace/workspace.js';

/** openWorkspace, without creating an empty database file in a folder that is not a workspace. */
export function openExisting(dir: string): Workspace {
  if (!existsSync(join(dir, WORKSPACE_DB))) {
    throw new AdminError(`${dir} is not a PlanDesk workspace yet; run \`plandesk local init\` or open the app to set it up`);
  }
  return openWorkspace(dir);
}
