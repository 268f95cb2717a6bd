import { setMaxListeners } from 'node:events';
import { parseArgs } from 'node:util';
import { syncEnvironment, TokenRejectedError, type SyncProgress, type SyncSummary } from '../sync/engine.js';
import { loadEnvironment } from '../sync/environments.js';
import { countOutstanding } from '../sync/state.js';
import { cliTokenCipher } from '../sync/keyring-cipher.js';
import { sql } from '../store/database.js';
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
  const controller = new AbortController();
  // Every request in flight and every backoff wait listens to the one signal: not a leak.
  setMaxListeners(Math.max(64, concurrency * 4), controller.signal);
  const cancel = () => controller.abort(new Error('sync cancelled; run it again to continue where it stopped'));
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  const bar = process.stderr.isTTY ? progressBar(envName) : undefined;
  try {
    const env = loadEnvironment(workspace.db, cliTokenCipher(dir, {}), envName);
    let summary: SyncSummary;
    try {
      summary = await syncEnvironment(workspace, env, { concurrency, signal: controller.signal, ...(bar ? { onProgress: bar.update } : {}) });
    } catch (error) {
      if (!(error instanceof TokenRejectedError) && !controller.signal.aborted) throw error;
      summary = { pushed: 0, failed: 0, pending: 0, errors: [{ record: '', path: '', error: controller.signal.aborted ? 'sync cancelled' : 'token rejected' }] };
      if (!values.json) throw error instanceof TokenRejectedError ? error : controller.signal.reason;
    } finally {
      bar?.done();
    }
    const final = {
      pushed: summary.pushed,
      failed: sql(workspace.db, "SELECT count(*) FROM record_sync WHERE env = ? AND status IN ('failed', 'conflict')").pluck().get(envName) as number,
      pending: countOutstanding(workspace.db, envName),
      errors: summary.errors,
    };
    if (values.json) await writeLine(JSON.stringify(final));
    else {
      await writeLine(`${envName}: pushed ${final.pushed}, failed ${final.failed}, pending ${final.pending}`);
      for (const error of final.errors) await writeLine(`  ${error.path || envName}: ${error.error}`);
    }
    return final.failed === 0 && final.pending === 0 ? 0 : 1;
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
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
