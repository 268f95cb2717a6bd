import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userConfigHome } from '../workspace/default-dir.js';

/** Where a workspace kept its key before: beside the tokens it opens, so a copy of the folder carried both. */
const OLD_KEY_FILE = 'token.key';

/**
 * The file holding a workspace's token key where no OS credential store is reachable: in the user's
 * config folder (`PlanDesk-keys`, mode 0700; the file 0600), never in the workspace, so copying or
 * backing up a workspace folder never carries the key with the tokens. Named by the workspace's
 * real path, as the credential store's entry is: a copy of the workspace elsewhere has no key.
 */
export function tokenKeyFile(workspaceDir: string): string {
  const id = createHash('sha256').update(realpathSync(workspaceDir)).digest('hex').slice(0, 32);
  return join(userConfigHome(), 'PlanDesk-keys', `token-${id}.key`);
}

/** The key, made on first use; a key an earlier version left in the workspace is moved out first. */
export function readOrMakeTokenKey(workspaceDir: string): Buffer {
  const keyFile = tokenKeyFile(workspaceDir);
  if (!existsSync(keyFile)) {
    mkdirSync(join(keyFile, '..'), { recursive: true, mode: 0o700 });
    chmodSync(join(keyFile, '..'), 0o700);
    const old = join(workspaceDir, OLD_KEY_FILE);
    if (existsSync(old)) moveKey(old, keyFile);
    else writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(keyFile, 'utf8'), 'base64');
}

/** Whether the workspace has a key (where it is kept now, or where an earlier version left it). */
export function tokenKeyExists(workspaceDir: string): boolean {
  return existsSync(tokenKeyFile(workspaceDir)) || existsSync(join(workspaceDir, OLD_KEY_FILE));
}

/** Copied first (the tokens stay readable whatever happens next), then removed from the workspace. */
function moveKey(from: string, to: string): void {
  writeFileSync(to, readFileSync(from), { mode: 0o600, flag: 'wx' });
  chmodSync(to, 0o600);
  try {
    unlinkSync(from);
  } catch {
    // A read-only workspace keeps its old copy until it can be written; the moved key is the one read.
  }
}
