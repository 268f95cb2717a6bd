import { parseArgs } from 'node:util';
import { DEFAULT_CONCURRENCY, type SyncProgress } from '../sync/engine.js';
import { startSyncRun, stopSentence } from '../sync/run.js';
import { listEnvironments, unknownEnvironment } from '../sync/environments.js';
import { dryRun } from '../sync/queue-view.js';
import { countRefused, countWithStatus } from '../store/record-sync-store.js';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { cliNetwork } from './cli-network.js';
import type { Workspace } from '../workspace/workspace.js';
import { noPositionals, parseOrUsage, required, UsageError, writeLine } from './args.js';
import { conflictsWaitingLine } from './conflicts.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'sync';

export const syncHelp = `Usage: plandesk sync [--workspace DIR] --env NAME [--concurrency N] [--json]
       plandesk sync [--workspace DIR] --env NAME --dry-run [--json]

Pushes every queued change to that environment, in dependency order, mapping local ids to the ids
it assigns. Safe to interrupt at any moment (Ctrl-C, kill -9) and to run again: no record is lost
and none is created twice. Shows a progress bar on a terminal. A remote that is down is reported
as unreachable; one that goes away during the push stops it within seconds, and what was not sent
waits for the next sync. A record changed on the remote since this computer last pushed or pulled
it is never overwritten (nor deleted): it is counted as failed and waits for a decision
(plandesk conflicts).

  --json            print {"pushed", "failed", "pending", "errors"} when done
  --concurrency N   records sent at once, from 1 to 64 (default 16)
  --dry-run         send nothing; say what a push would send, per kind of record, and how many
                    records failed or wait for a decision (plandesk conflicts):
                    {"would_push": {"employer", "plan", "user", "division"}, "pulled_from":
                    {ENV: N}, "failed", "conflicts"} (pulled_from: of those, how many a pull
                    brought from each other environment)

Exit 0 when nothing is left pending or failed; 1 otherwise. A dry run exits 0.
`;

export async function runSync(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { ...workspaceOption, env: { type: 'string' }, json: { type: 'boolean' }, concurrency: { type: 'string' }, 'dry-run': { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const envName = required(COMMAND, values.env, '--env NAME');
  const concurrency = values.concurrency === undefined ? DEFAULT_CONCURRENCY : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError(COMMAND, '--concurrency takes a whole number from 1 to 64');
  if (values['dry-run']) {
    if (values.concurrency !== undefined) throw new UsageError(COMMAND, '--dry-run sends nothing; --concurrency does not apply');
    return withWorkspace(values.workspace, (workspace) => runDryRun(workspace, envName, values.json === true));
  }
  return withWorkspace(values.workspace, async (workspace) => {
    const bar = process.stderr.isTTY ? progressBar(envName) : undefined;
    const run = startSyncRun(workspace, sharedTokenCipher(workspace.dir), envName, {
      concurrency,
      network: cliNetwork(),
      ...(bar ? { onProgress: bar.update } : {}),
    });
    process.once('SIGINT', run.cancel);
    process.once('SIGTERM', run.cancel);
    try {
      const result = await run.result.finally(() => bar?.done());
      if (result.kind !== 'finished' && !values.json) throw new Error(stopSentence(result));
      const final =
        result.kind === 'finished'
          ? { pushed: result.summary.pushed, failed: result.failed, pending: result.pending, errors: result.summary.errors }
          : {
              pushed: result.pushed,
              failed: countRefused(workspace.db, envName),
              pending: result.pending,
              errors: [{ record: '', path: '', error: stopSentence(result) }],
            };
      if (values.json) await writeLine(JSON.stringify(final));
      else {
        await writeLine(`${envName}: pushed ${final.pushed}, failed ${final.failed}, pending ${final.pending}`);
        for (const error of final.errors) await writeLine(`  ${error.path || envName}: ${error.error}`);
        const waiting = conflictsWaitingLine(envName, countWithStatus(workspace.db, envName, 'conflict'));
        if (waiting) await writeLine(waiting);
      }
      return result.kind === 'finished' && final.failed === 0 && final.pending === 0 ? 0 : 1;
    } finally {
      process.off('SIGINT', run.cancel);
      process.off('SIGTERM', run.cancel);
    }
  });
}

/** Says what a push would send; sends nothing and needs no token. */
async function runDryRun(workspace: Workspace, envName: string, json: boolean): Promise<number> {
  if (!listEnvironments(workspace.db).some((env) => env.name === envName)) throw unknownEnvironment(workspace.db, envName);
  const plan = dryRun(workspace.db, envName);
  if (json) await writeLine(JSON.stringify(plan));
  else {
    const counts = Object.entries(plan.would_push)
      .map(([entity, count]) => `${count} ${entity}${count === 1 ? '' : 's'}`)
      .join(', ');
    const pulled = Object.entries(plan.pulled_from).map(([source, count]) => `${count} pulled from ${source}`);
    await writeLine(
      `${envName}: would push ${counts}${pulled.length > 0 ? ` (of them ${pulled.join(', ')})` : ''}; ${plan.failed} failed, ${plan.conflicts} waiting for a decision; nothing was sent`,
    );
  }
  return 0;
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
