import { homedir } from 'node:os';
import { join } from 'node:path';
import { productName } from '../../package.json';

/** What decides the per-user folders: the platform, its environment variables and the home folder. */
export interface Machine {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
}

export const thisMachine = (): Machine => ({ platform: process.platform, env: process.env, home: homedir() });

/**
 * The folder of an app named `productName` (package.json) in the user's settings: Electron's
 * userData, where the desktop app keeps its workspace, so the CLI and the app share one workspace.
 * Kept apart from workspace.ts so that finding the folder never loads the database driver.
 */
export function defaultWorkspaceDir(machine: Machine = thisMachine()): string {
  if (machine.env['PLANDESK_WORKSPACE']) return machine.env['PLANDESK_WORKSPACE'];
  return join(userConfigHome(machine), productName);
}

/** The folder where the platform keeps each user's application settings (Electron's appData). */
export function userConfigHome(machine: Machine = thisMachine()): string {
  const { env, home } = machine;
  switch (machine.platform) {
    case 'win32':
      return env['APPDATA'] ?? join(home, 'AppData', 'Roaming');
    case 'darwin':
      return join(home, 'Library', 'Application Support');
    default:
      return env['XDG_CONFIG_HOME'] ?? join(home, '.config');
  }
}
