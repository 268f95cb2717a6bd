import { parseArgs } from 'node:util';
import { sharedTokenCipher } from '../sync/keyring-cipher.js';
import { cliNetwork } from './cli-network.js';
import { startPullRun } from '../sync/pull/pull-run.js';
import { stopSentence } from '../sync/run.js';
import type { PullProgress } from '../sync/pull/pull.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';
import { conflictsWaitingLine } from './conflicts.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'pull';

export const pullHelp = `Usage: plandesk pull [--workspace DIR] --env NAME [--division NAME]... [--json]

Brings into the workspace what that environment's token can see (or only the named divisions):
its divisions, their employers with every plan of all nine kinds, and for an admin token the
account's users. Each pulled record is linked to its remote record: a sync to that environment
sends nothing for it until it is changed here. A remote change to a record with no local change
waiting is applied and kept in its history as pulled from NAME; a record changed on both sides
since the last pull is a conflict (plandesk conflicts, plandesk resolve), the local values stay.
A record gone from the remote is removed here when nothing local waits on it; one deleted here
(delete not pushed yet) that the remote changed since is a conflict too.

A PlanDesk remote is read from where the last pull stopped, in a few requests; a remote that can
list its records is compared in full; one that cannot is refused, nothing changed. Safe to
interrupt at any moment (Ctrl-C, kill -9) and to run again. Shows progress on a terminal.

  --division NAME   only this division, its employers and their plans (repeat for more)
  --json            print {"created", "updated", "removed", "unchanged", "conflicts"} when done
                    (with "failed" and "errors": records this workspace could not take, and why)

Exit 0 when no conflict is left; 1 otherwise.
`;

export async function runPull(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { ...workspaceOption, env: { type: 'string' }, division: { type: 'string', multiple: true }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const envName = required(COMMAND, values.env, '--env NAME');
  return withWorkspace(values.workspace, async (workspace) => {
    const progress = process.stderr.isTTY ? progressLine(envName) : undefined;
    const run = startPullRun(workspace, sharedTokenCipher(workspace.dir), envName, {
      divisions: values.division ?? [],
      network: cliNetwork(),
      ...(progress ? { onProgress: progress.update } : {}),
    });
    process.once('SIGINT', run.cancel);
    process.once('SIGTERM', run.cancel);
    try {
      const result = await run.result.finally(() => progress?.done());
      if (result.kind !== 'finished') throw new Error(stopSentence(result));
      const { summary, conflicts } = result;
      const counts = { created: summary.created, updated: summary.updated, removed: summary.removed, unchanged: summary.unchanged, conflicts };
      if (values.json) await writeLine(JSON.stringify({ ...counts, failed: summary.failed, errors: summary.errors }));
      else {
        await writeLine(
          `${envName}: created ${counts.created}, updated ${counts.updated}, removed ${counts.removed}, unchanged ${counts.unchanged}, conflicts ${conflicts}`,
        );
        for (const error of summary.errors) await writeLine(`  ${error.entity} ${error.remote_id} was not pulled: ${error.error}`);
        const waiting = conflictsWaitingLine(envName, conflicts);
        if (waiting) await writeLine(waiting);
      }
      return conflicts === 0 ? 0 : 1;
    } finally {
      process.off('SIGINT', run.cancel);
      process.off('SIGTERM', run.cancel);
    }
  });
}

function progressLine(env: string): { update: (progress: PullProgress) => void; done: () => void } {
  let last = '';
  return {
    update(progress) {
      const line = `${env}: ${progress.done}${progress.total === null ? '' : ` of ${progress.total}`} records pulled`;
      if (line !== last) process.stderr.write(`\r\x1b[K${line}`);
      last = line;
    },
    done() {
      if (last) process.stderr.write('\r\x1b[K');
    },
  };
}
