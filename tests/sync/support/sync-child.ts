// One sync of a workspace in a process of its own, as `plandesk sync` runs it, so that a test can
// kill it with SIGKILL at any instant. Prints `progress DONE FAILED TOTAL` per progress event and
// `summary {...}` at the end. Run: node --import tsx sync-child.ts WORKSPACE_DIR ENV_NAME
import { syncEnvironment } from '../../../main/sync/engine.js';
import { loadEnvironment } from '../../../main/sync/environments.js';
import { workspaceKeyCipher } from '../../../main/sync/token-cipher.js';
import { openWorkspace } from '../../../main/workspace/workspace.js';
import { FAST_BACKOFF } from './fast-backoff.js';

async function main(): Promise<void> {
  const [dir, envName] = process.argv.slice(2);
  if (!dir || !envName) throw new Error('usage: sync-child.ts WORKSPACE_DIR ENV_NAME');
  const workspace = await openWorkspace(dir);
  try {
    const env = loadEnvironment(workspace.db, workspaceKeyCipher(dir), envName);
    const summary = await syncEnvironment(workspace, env, {
      // Pages of 64 (a PlanDesk server would take 250 in one batch): the kill tests' few hundred
      // records then go in several pages and batches, so that kills land between and within them.
      pageSize: 64,
      backoff: FAST_BACKOFF,
      timeoutMs: 2_000,
      onProgress: (progress) => process.stdout.write(`progress ${progress.done} ${progress.failed} ${progress.total}\n`),
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
