import { parseArgs } from 'node:util';
import { BENEFITS } from '../../shared/plans/index.js';
import { exportCsvFiles } from '../export/csv.js';
import { EXPORT_FORMATS } from '../../shared/inspector.js';
import { exportJsonText } from '../export/export-files.js';
import { writeNewFile, writeNewFolder } from '../export/write-export.js';
import { collectExport } from '../export/workspace-export.js';
import { noPositionals, parseOrUsage, required, UsageError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'export';

export const exportHelp = `Usage: plandesk export [--workspace DIR] --out PATH [--format json | csv] [--json]

Exports every record of the workspace exactly as the API's GET returns it. Never includes tokens
or keys.

  --format json   (default) one file PATH: {"employers": [...], "plans": {"medical": [...], ...
                  all nine kinds}, "users": [...], "divisions": [...]}
  --format csv    PATH is a folder that gets employers.csv and one plans-KIND.csv per kind that
                  has plans: a header row of field names, one row per record, lists joined by ";"
                  (an employer's plan references as benefit:id), quoted as RFC 4180 says;
                  a workspace without employers gets an empty employers.csv
  --json          print {"out": PATH, "format": ..., "files": [...], "employers": N, "plans": N,
                  "users": N, "divisions": N} instead of a sentence

Never overwrites: exit 1 when PATH exists (for csv: when it is a file or a folder that is not
empty). The export appears complete or not at all.
`;

export async function runExport(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: { ...workspaceOption, out: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }),
  );
  noPositionals(COMMAND, positionals);
  const out = required(COMMAND, values.out, '--out PATH');
  const format = values.format ?? 'json';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(COMMAND, `--format is json or csv, not "${format}"`);
  return withWorkspace(values.workspace, async (workspace) => {
    const data = await collectExport(workspace);
    let files: string[];
    if (format === 'json') {
      writeNewFile(out, exportJsonText(data));
      files = [out];
    } else {
      const csv = exportCsvFiles(data);
      writeNewFolder(out, csv);
      files = csv.map((file) => file.name);
    }
    const counts = {
      employers: data.employers.length,
      plans: BENEFITS.reduce((sum, benefit) => sum + data.plans[benefit].length, 0),
      users: data.users.length,
      divisions: data.divisions.length,
    };
    if (values.json) await writeLine(JSON.stringify({ out, format, files, ...counts }));
    else
      await writeLine(
        `Exported ${counts.employers} employers, ${counts.plans} plans, ${counts.users} users and ${counts.divisions} divisions to ${out} (${format}).`,
      );
    return 0;
  });
}
