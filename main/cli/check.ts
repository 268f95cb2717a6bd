import { parseArgs } from 'node:util';
import { checkWorkspace } from '../workspace/check.js';
import { noPositionals, parseOrUsage, writeLine } from './args.js';
import { workspaceDir, workspaceOption } from './workspace-option.js';

const COMMAND = 'check';

export const checkHelp = `Usage: plandesk check [--workspace DIR] [--json]

Checks the workspace database: SQLite integrity and foreign keys, a schema version this build can
open, and the sync queue's consistency. Changes nothing. Exit 0 when ok, 1 otherwise.

  --json   print {"ok": true | false, "problems": [TEXT, ...]} instead of one line per problem
`;

export async function runCheck(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const report = checkWorkspace(workspaceDir(values.workspace));
  if (values.json) await writeLine(JSON.stringify(report));
  else if (report.ok) await writeLine('The workspace database is intact.');
  else for (const problem of report.problems) await writeLine(problem);
  return report.ok ? 0 : 1;
}
