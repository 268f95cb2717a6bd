import { parseArgs } from 'node:util';
import { backupWorkspace } from '../workspace/backup.js';
import { noPositionals, parseOrUsage, required, writeLine } from './args.js';
import { workspaceDir, workspaceOption } from './workspace-option.js';

const COMMAND = 'backup';

export const backupHelp = `Usage: plandesk backup [--workspace DIR] --out FILE [--json]

Writes a consistent copy of the workspace database to FILE (SQLite's online backup: safe while the
app is running). Refuses to overwrite an existing FILE. The copy holds no environment token (set
them again with \`plandesk env set\` after a restore); the token key is never in the workspace.

  --json   print {"file": FILE, "bytes": N} instead of a sentence
`;

export async function runBackup(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({ args, options: { ...workspaceOption, out: { type: 'string' }, json: { type: 'boolean' } }, strict: true, allowPositionals: true }),
  );
  noPositionals(COMMAND, positionals);
  const out = required(COMMAND, values.out, '--out FILE');
  const result = await backupWorkspace(workspaceDir(values.workspace), out);
  await writeLine(values.json ? JSON.stringify(result) : `Backed up the workspace to ${result.file} (${result.bytes} bytes).`);
  return 0;
}
