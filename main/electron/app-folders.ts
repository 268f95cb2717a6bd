// The desktop app's folders. The workspace is Electron's userData (appData/PlanDesk, named by
// package.json's productName), the same folder the CLI opens (main/workspace/default-dir.ts), and it
// holds the database and its backups only: Chromium's caches and storage (sessionData), its crash
// dumps and the app's log go to the platform's cache and log folders instead.
import { join } from 'node:path';
import { productName } from '../../package.json';
import { thisMachine, type Machine } from '../workspace/default-dir';

export interface AppFolders {
  /** Chromium's data for the window's session: HTTP and code caches, local storage, GPU cache. */
  sessionData: string;
  crashDumps: string;
  logs: string;
}

/** Per platform: XDG cache and state folders on Linux, ~/Library on macOS, %LOCALAPPDATA% on Windows. */
export function appFolders(machine: Machine = thisMachine()): AppFolders {
  const { env, home } = machine;
  switch (machine.platform) {
    case 'win32': {
      const local = join(env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local'), productName);
      return { sessionData: join(local, 'Session'), crashDumps: join(local, 'Crashpad'), logs: join(local, 'logs') };
    }
    case 'darwin': {
      const caches = join(home, 'Library', 'Caches', productName);
      return { sessionData: join(caches, 'Session'), crashDumps: join(caches, 'Crashpad'), logs: join(home, 'Library', 'Logs', productName) };
    }
    default: {
      const cache = join(env['XDG_CACHE_HOME'] ?? join(home, '.cache'), productName);
      const state = join(env['XDG_STATE_HOME'] ?? join(home, '.local', 'state'), productName);
      return { sessionData: join(cache, 'Session'), crashDumps: join(cache, 'Crashpad'), logs: join(state, 'logs') };
    }
  }
}

/**
 * When the workspace the CLI opens by default is not Electron's userData (only $PLANDESK_WORKSPACE
 * should part them), a sentence saying so, for the log; otherwise undefined.
 */
export function workspaceMismatch(userData: string, workspace: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env['PLANDESK_WORKSPACE'] || userData === workspace) return undefined;
  return `Electron's data folder ${userData} is not the workspace the plandesk command opens (${workspace}); the app opens ${workspace}, as the command does.`;
}
