import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StorageProblem } from '../../shared/resources/workspace.js';

/**
 * A database that cannot be used as asked, said in one sentence for the person at the keyboard.
 * Every entry point reports it as it is (the CLI: one line, exit 1; the app: its recovery screen).
 */
export class StorageError extends Error {
  constructor(
    readonly problem: StorageProblem,
    message: string,
  ) {
    super(message);
  }
}

export const storageMessages = {
  damaged: 'the workspace database is damaged: run `plandesk check`, then `plandesk restore` from a backup',
  readOnly: (why: string) => `this workspace is read-only (${why})`,
  serverDamaged: (file: string) =>
    `the server's database ${file} is damaged: stop \`plandesk serve\`, put your last backup of the file in its place, and start it again`,
  serverReadOnly: (file: string, why: string) => `the server's database ${file} is read-only (${why})`,
  full: 'the disk is full: free some space and try again; nothing was saved',
  notAFile: (file: string) => `${file} is a folder, not a PlanDesk database file`,
  noFolder: (folder: string) => `the folder ${folder} does not exist`,
};

/**
 * How a sentence names a database and what it says to do: a workspace's (the app's, the command
 * line's), or a server's file (`serve`, the admin commands), which the workspace's tools do not take.
 */
export interface DatabaseWords {
  damaged: string;
  readOnly: (why: string) => string;
}

export const workspaceWords: DatabaseWords = { damaged: storageMessages.damaged, readOnly: storageMessages.readOnly };

export const serverWords = (file: string): DatabaseWords => ({
  damaged: storageMessages.serverDamaged(file),
  readOnly: (why) => storageMessages.serverReadOnly(file, why),
});

export const damaged = (words = workspaceWords) => new StorageError('damaged', words.damaged);
export const readOnly = (why: string, words = workspaceWords) => new StorageError('read-only', words.readOnly(why));
export const diskFull = () => new StorageError('full', storageMessages.full);

export function isDiskFull(file: string): boolean {
  try {
    return statfsSync(dirname(file)).bavail === 0;
  } catch {
    return false;
  }
}
