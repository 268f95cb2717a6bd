import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWorkspace } from '../workspace/check.js';
import { WORKSPACE_DB, WorkspaceNotSetUpError } from '../workspace/workspace.js';
import { noPositionals, parseOrUsage, writeLine } from './args.js';
import { workspaceDir, workspaceOption } from './workspace-option.js';

const COMMAND = 'check';

export const checkHelp = `Usage: plandesk check [--workspace DIR] [--json]

Checks the workspace database: SQLite integrity and foreign keys, a schema version this build can
open, and the sync queue's consistency. Changes nothing. Exit 0 when ok, 1 otherwise (and when
DIR holds no workspace).

  --json   print {"ok": true | false, "problems": [TEXT, ...]} instead of one line per problem
`;

export async function runCheck(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const dir = workspaceDir(values.workspace);
  // No workspace is no verdict on one: the command fails as every command on a workspace does.
  if (!existsSync(join(dir, WORKSPACE_DB))) throw new WorkspaceNotSetUpError(dir);
  const report = checkWorkspace(dir);
  if (values.json) await writeLine(JSON.stringify(report));
  else if (report.ok) await writeLine('The workspace database is intact.');
  else for (const problem of report.problems) await writeLine(problem);
  return report.ok ? 0 : 1;
}
