import { parseArgs } from 'node:util';
import type { SyncProgress } from '../sync/engine.js';
import { startSyncRun } from '../sync/run.js';
import { countRefused } from '../sync/state.js';
import { workspaceKeyCipher } from '../sync/token-cipher.js';
import { openWorkspace } from '../workspace/workspace.js';
import { noPositionals, parseOrUsage, required, UsageError, workspaceDir, writeLine } from './args.js';

const COMMAND = 'sync';

export const syncHelp = `Usage: plandesk sync [--workspace DIR] --env NAME [--concurrency N] [--json]

Pushes every queued change to that environment, in dependency order, mapping local ids to the ids
it assigns. Safe to interrupt at any moment (Ctrl-C, kill -9) and to run again: no record is lost
and none is created twice. Shows a progress bar on a terminal.

  --json            print {"pushed", "failed", "pending", "errors"} when done
  --concurrency N   records sent at once (default 8)

Exit 0 when nothing is left pending or failed; 1 otherwise.
`;

export async function runSync(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { workspace: { type: 'string' }, env: { type: 'string' }, json: { type: 'boolean' }, concurrency: { type: 'string' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const envName = required(COMMAND, values.env, '--env NAME');
  const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError(COMMAND, '--concurrency takes a whole number from 1 to 64');
  const dir = workspaceDir(values.workspace);
  const workspace = openWorkspace(dir);
  const bar = process.stderr.isTTY ? progressBar(envName) : undefined;
  const run = startSyncRun(workspace, workspaceKeyCipher(dir), envName, { concurrency, ...(bar ? { onProgress: bar.update } : {}) });
  process.once('SIGINT', run.cancel);
  process.once('SIGTERM', run.cancel);
  try {
    const result = await run.result.finally(() => bar?.done());
    if (result.kind !== 'finished' && !values.json) throw new Error(result.message);
    const final = result.kind === 'finished'
      ? { pushed: result.summary.pushed, failed: result.failed, pending: result.pending, errors: result.summary.errors }
      : { pushed: 0, failed: countRefused(workspace.db, envName), pending: result.pending, errors: [{ record: '', path: '', error: result.message }] };
    if (values.json) await writeLine(JSON.stringify(final));
    else {
      await writeLine(`${envName}: pushed ${final.pushed}, failed ${final.failed}, pending ${final.pending}`);
      for (const error of final.errors) await writeLine(`  ${error.path || envName}: ${error.error}`);
    }
    return result.kind === 'finished' && final.failed === 0 && final.pending === 0 ? 0 : 1;
  } finally {
    process.off('SIGINT', run.cancel);
    process.off('SIGTERM', run.cancel);
    workspace.close();
  }
}

function progressBar(env: string): { update: (progress: SyncProgress) => void; done: () => void } {
  const width = 30;
  let last = '';
  return {
    update(progress) {
      const finished = progress.done + progress.failed;
      const ratio = progress.total === 0 ? 1 : Math.min(1, finished / progress.total);
      const filled = Math.round(ratio * width);
      const line = `${env} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${progress.total}${progress.failed ? ` (${progress.failed} failed)` : ''} ${progress.current ?? ''}`;
      if (line !== last) process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
      last = line;
    },
    done() {
      if (last) process.stderr.write('\r\x1b[K');
    },
  };
}
