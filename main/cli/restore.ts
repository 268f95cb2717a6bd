import { parseArgs } from 'node:util';
import { restoreWorkspace } from '../workspace/restore.js';
import { parseOrUsage, UsageError, writeLine } from './args.js';
import { workspaceDir, workspaceOption } from './workspace-option.js';

const COMMAND = 'restore';

export const restoreHelp = `Usage: plandesk restore [--workspace DIR] FILE [--json]

Replaces the workspace database with the backup FILE. FILE is checked first (a workspace database,
intact, of a schema this build can open); a damaged or foreign FILE: exit 1 with the reason, and
the workspace is untouched. The database it replaces is kept beside it. Close the app first.

  --json   print {"restored": FILE, "previous": PATH} instead of a sentence
`;

export async function runRestore(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  const [file, extra] = positionals;
  if (file === undefined) throw new UsageError(COMMAND, 'missing FILE, the backup to restore');
  if (extra !== undefined) throw new UsageError(COMMAND, `unexpected argument "${extra}"`);
  const result = restoreWorkspace(workspaceDir(values.workspace), file);
  await writeLine(values.json ? JSON.stringify(result) : `Restored ${result.restored}; the database it replaced is kept at ${result.previous}.`);
  return 0;
}
