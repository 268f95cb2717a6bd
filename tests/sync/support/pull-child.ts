// One pull into a workspace in a process of its own, as `plandesk pull` runs it, so that a test can
// kill it with SIGKILL at any instant. Prints `progress DONE` per record applied and `summary {...}`
// at the end. Run: node --import tsx pull-child.ts WORKSPACE_DIR ENV_NAME
import { loadEnvironment } from '../../../main/sync/environments.js';
import { pullEnvironment } from '../../../main/sync/pull/pull.js';
import { workspaceKeyCipher } from '../../../main/sync/token-cipher.js';
import { openWorkspace } from '../../../main/workspace/workspace.js';
import { FAST_BACKOFF } from './fast-backoff.js';

async function main(): Promise<void> {
  const [dir, envName] = process.argv.slice(2);
  if (!dir || !envName) throw new Error('usage: pull-child.ts WORKSPACE_DIR ENV_NAME');
  const workspace = await openWorkspace(dir);
  try {
    const env = loadEnvironment(workspace.db, workspaceKeyCipher(dir), envName);
    const summary = await pullEnvironment(workspace, env, {
      backoff: FAST_BACKOFF,
      timeoutMs: 2_000,
      onProgress: (progress) => process.stdout.write(`progress ${progress.done}\n`),
    });
    process.stdout.write(`summary ${JSON.stringify(summary)}\n`);
  } finally {
    workspace.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
