import type { ImportedRow, ImportError } from '../../shared/import-table';

const PROBLEMS_COLUMN = 'Import problems';

/**
 * The rejected rows as a CSV file to fix and import again: the sheet's own columns and cells, and
 * a last column saying what was wrong (a column the import does not match, so it is left out then).
 */
export function rejectedRowsCsv(headers: readonly string[], rows: readonly ImportedRow[], errors: readonly ImportError[]): string {
  const problems = problemsByRow(errors);
  const lines = [[...headers, PROBLEMS_COLUMN], ...rows.filter((row) => row.status === 'rejected').map((row) => [...row.cells, problems.get(row.row) ?? ''])];
  return `\uFEFF${lines.map((cells) => cells.map(quoted).join(',')).join('\r\n')}\r\n`;
}

/** Each row's problems, "Column: message" each. */
export function problemListsByRow(errors: readonly ImportError[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const error of errors) {
    const list = byRow.get(error.row) ?? [];
    list.push(`${error.column || error.field}: ${error.message}`);
    byRow.set(error.row, list);
  }
  return byRow;
}

/** One line per row: "Column: message; Column: message". */
function problemsByRow(errors: readonly ImportError[]): Map<number, string> {
  return new Map([...problemListsByRow(errors)].map(([row, list]) => [row, list.join('; ')]));
}

function quoted(text: string): string {
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
