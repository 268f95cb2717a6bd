import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userConfigHome } from '../workspace/default-dir.js';
import type { KeyKeeper } from './token-keys.js';

/** Where a workspace kept its key first: beside the tokens it opens, so a copy of the folder carried both. */
const OLDEST_KEY_FILE = 'token.key';

/** The folder of key files, in the user's config folder. */
export const tokenKeysFolder = () => join(userConfigHome(), 'PlanDesk-keys');

/**
 * The file holding a workspace's token key where no OS credential store is reachable: in the user's
 * config folder (`PlanDesk-keys`, mode 0700; the file 0600), never in the workspace, so copying or
 * backing up a workspace folder never carries the key with the tokens. Named by the workspace's
 * token key id (token-key-id.ts), so the workspace keeps its key when its folder moves.
 */
export function tokenKeyFile(id: string): string {
  return join(tokenKeysFolder(), `workspace-${id}.key`);
}

/** Where the previous version kept it: named by the folder's real path, so a moved workspace lost it. */
function pathNamedKeyFile(workspaceDir: string): string {
  const id = createHash('sha256').update(realpathSync(workspaceDir)).digest('hex').slice(0, 32);
  return join(tokenKeysFolder(), `token-${id}.key`);
}

function readKey(file: string): Buffer | null {
  return existsSync(file) ? Buffer.from(readFileSync(file, 'utf8'), 'base64') : null;
}

/** Writes `key` to `file` unless a file is already there (another process was first): answers the key kept. */
function keepOnce(file: string, key: Buffer): Buffer {
  mkdirSync(tokenKeysFolder(), { recursive: true, mode: 0o700 });
  chmodSync(tokenKeysFolder(), 0o700);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKey(file)!;
}

/** The key files in the user's config folder: the last resort where no OS credential store is reachable. */
export const keyFiles: KeyKeeper = {
  read: (id) => readKey(tokenKeyFile(id)),
  create: (id) => keepOnce(tokenKeyFile(id), randomBytes(32)),
  readFormer(workspaceDir) {
    for (const file of [pathNamedKeyFile(workspaceDir), join(workspaceDir, OLDEST_KEY_FILE)]) {
      const key = readKey(file);
      if (key) return key;
    }
    return null;
  },
  adoptFormer(workspaceDir, id, key) {
    if (!keepOnce(tokenKeyFile(id), key).equals(key)) return;
    for (const file of [pathNamedKeyFile(workspaceDir), join(workspaceDir, OLDEST_KEY_FILE)]) {
      try {
        unlinkSync(file);
      } catch {
        // Gone already, or in a read-only workspace: the key under the id is the one read from now on.
      }
    }
  },
};
