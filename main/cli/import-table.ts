import { parseArgs } from 'node:util';
import { IMPORT_KINDS, isImportKind, type ColumnMapping, type ImportReport } from '../../shared/import-table.js';
import { IMPORT_LIMITS_IN_WORDS } from '../import/table/import-limits.js';
import { importTable } from '../import/table/import-table.js';
import { parseOrUsage, UsageError, writeLine } from './args.js';
import { withWorkspace, workspaceOption } from './workspace-option.js';

const COMMAND = 'import table';

export const importTableHelp = `Usage: plandesk import table [--workspace DIR] FILE [--kind employers | KIND] [--sheet NAME]
                            [--map COLUMN=FIELD]... [--dry-run] [--json]

Imports a .csv file (UTF-8 with or without a byte-order mark, comma or semicolon separated, a
header row) or one sheet of an .xlsx file (the first unless --sheet): one record per row, each
created exactly as \`local call\` would create it, and queued for sync.

  --kind KIND       employers (the default) or a plan kind: ${IMPORT_KINDS.slice(1).join(', ')}
  --sheet NAME      the sheet of an .xlsx file
  --map COLUMN=FIELD  matches a column to a field (repeatable); "--map COLUMN=" leaves it out.
                    Otherwise columns match fields by the field's name or the form's label,
                    ignoring case, spaces, underscores and hyphens ("Start date" is start_date,
                    "T1 EE" is t1_ee), or as remembered from the last file with the same headers
  --dry-run         checks every row as the import would, and writes nothing (not even the
                    remembered matches); "created" then counts the rows that would be created
  --json            print {"rows": N, "created": N, "skipped": N, "errors": [{"row": N,
                    "column": TEXT, "field": FIELD, "message": TEXT}, ...]}

Plans name their employer in an "employer" column, by name or id; employers name their division
by name or id (without a division column: the only division you hold). Lists in a cell (NAICS
codes, states, filters) are separated by ";" or ",". "row" counts data rows from 1: the header
row and blank lines are not data rows. A row already there (an employer of the same name; a plan
of the same employer, title and start date) is skipped, not duplicated. Rows with errors are not
written; the others are. Exit 0 when no row has an error, 1 otherwise.

The file is read for what it holds, not for its name: a PDF, an HTML table or a CSV file named
.xlsx is refused (exit 1, nothing written).
Limits: ${IMPORT_LIMITS_IN_WORDS}.
On a terminal, the rows done are shown on standard error as the import goes.
`;

export async function runImportTable(args: string[]): Promise<number> {
  const { values, positionals } = parseOrUsage(COMMAND, () =>
    parseArgs({
      args,
      options: {
        ...workspaceOption,
        kind: { type: 'string' },
        sheet: { type: 'string' },
        map: { type: 'string', multiple: true },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    }),
  );
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError(COMMAND, 'missing FILE (a .csv or .xlsx file)');
  if (extra.length > 0) throw new UsageError(COMMAND, `unexpected argument "${extra[0]}"`);
  const kind = values.kind ?? 'employers';
  if (!isImportKind(kind)) throw new UsageError(COMMAND, `--kind is one of ${IMPORT_KINDS.join(', ')}, not "${kind}"`);
  if (values.sheet === '') throw new UsageError(COMMAND, 'missing NAME after --sheet');
  const map = columnMapping(values.map ?? []);
  return withWorkspace(values.workspace, async (workspace) => {
    const showProgress = !values.json && process.stderr.isTTY;
    const report = await importTable(
      workspace,
      { fileName: file, path: file, kind, sheet: values.sheet, map },
      {
        dryRun: values['dry-run'] ?? false,
        keepCells: false,
        onProgress: showProgress ? (done, total) => process.stderr.write(`\r${done} of ${total} rows`) : undefined,
      },
    );
    if (showProgress) process.stderr.write('\n');
    if (values.json) await writeLine(JSON.stringify({ rows: report.rows, created: report.created, skipped: report.skipped, errors: report.errors }));
    else for (const line of reportLines(report)) await writeLine(line);
    return report.errors.length === 0 ? 0 : 1;
  });
}

function columnMapping(pairs: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const pair of pairs) {
    const equals = pair.lastIndexOf('=');
    if (equals <= 0) throw new UsageError(COMMAND, `--map takes COLUMN=FIELD, not "${pair}"`);
    mapping[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim() || null;
  }
  return mapping;
}

function reportLines(report: ImportReport): string[] {
  const verb = report.dryRun ? 'would be created' : 'created';
  const lines = [
    `${report.rows} rows: ${report.created} ${verb}, ${report.skipped} already there, ${new Set(report.errors.map((error) => error.row)).size} with errors.`,
  ];
  for (const row of report.rowsDetail) if (row.status === 'skipped') lines.push(`row ${row.row}: skipped: ${row.note}`);
  for (const error of report.errors)
    lines.push(`row ${error.row}, ${error.column ? `column "${error.column}"` : 'no column'} (${error.field}): ${error.message}`);
  return lines;
}
