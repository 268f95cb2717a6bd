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
  full: 'the disk is full: free some space and try again; nothing was saved',
  notAFile: (file: string) => `${file} is a folder, not a PlanDesk database file`,
  noFolder: (folder: string) => `the folder ${folder} does not exist`,
};

export const damaged = () => new StorageError('damaged', storageMessages.damaged);
export const readOnly = (why: string) => new StorageError('read-only', storageMessages.readOnly(why));
export const diskFull = () => new StorageError('full', storageMessages.full);

export function isDiskFull(file: string): boolean {
  try {
    return statfsSync(dirname(file)).bavail === 0;
  } catch {
    return false;
  }
}
