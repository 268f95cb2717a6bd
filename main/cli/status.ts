import { parseArgs } from 'node:util';
import { listEnvironments } from '../sync/environments.js';
import { lastPushes, recordCounts } from '../store/local-records-store.js';
import { lastPulls } from '../store/pull-store.js';
import { countWithStatus } from '../store/record-sync-store.js';
import { countOutstanding } from '../store/sync-queue-store.js';
import { listBackups } from '../workspace/backup.js';
import { noPositionals, parseOrUsage, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'status';

export const statusHelp = `Usage: plandesk status [--workspace DIR] [--json]

The workspace at a glance: how many records it holds, per environment what waits to be pushed,
what failed or waits for a decision, and when it was last pushed to and pulled from, and when the
last backup was taken. Changes nothing.

  --json   print {"workspace": DIR, "records": {"employer", "plan", "user", "division"},
           "environments": [{"name", "waiting", "failed", "conflicts", "last_push", "last_pull"}],
           "last_backup": ISO | null}
`;

export async function runStatus(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  return withWorkspace(values.workspace, async (workspace) => {
    const { db } = workspace;
    const pushes = lastPushes(db);
    const pulls = lastPulls(db);
    const status = {
      workspace: workspace.dir,
      records: recordCounts(db),
      environments: listEnvironments(db).map((env) => ({
        name: env.name,
        waiting: countOutstanding(db, env.name),
        failed: countWithStatus(db, env.name, 'failed'),
        conflicts: countWithStatus(db, env.name, 'conflict'),
        last_push: pushes.get(env.name) ?? null,
        last_pull: pulls.get(env.name) ?? null,
      })),
      last_backup: listBackups(workspace.dir)[0]?.at ?? null,
    };
    if (values.json) await writeLine(JSON.stringify(status));
    else {
      const { employer, plan, user, division } = status.records;
      await writeLine(`${status.workspace}: ${employer} employers, ${plan} plans, ${user} users, ${division} divisions`);
      for (const env of status.environments) {
        await writeLine(
          `  ${env.name}: ${env.waiting} waiting, ${env.failed} failed, ${env.conflicts} conflicts; last push ${env.last_push ?? 'never'}, last pull ${env.last_pull ?? 'never'}`,
        );
      }
      await writeLine(`  last backup: ${status.last_backup ?? 'none yet'}`);
    }
    return 0;
  });
}
