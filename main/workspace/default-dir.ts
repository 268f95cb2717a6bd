import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Electron's userData folder for an app named PlanDesk, so the CLI and the app share one workspace.
 * Kept apart from workspace.ts so that finding the folder never loads the database driver.
 */
export function defaultWorkspaceDir(): string {
  if (process.env.PLANDESK_WORKSPACE) return process.env.PLANDESK_WORKSPACE;
  return join(userConfigHome(), 'PlanDesk');
}

/** The folder where the platform keeps each user's application settings (Electron's appData). */
export function userConfigHome(): string {
  const home = homedir();
  switch (process.platform) {
    case 'win32': return process.env.APPDATA ?? join(home, 'AppData', 'Roaming');
    case 'darwin': return join(home, 'Library', 'Application Support');
    default: return process.env.XDG_CONFIG_HOME ?? join(home, '.config');
  }
}
