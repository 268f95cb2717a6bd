import { stringify } from 'csv-stringify/sync';
import type { ExportFile } from '../../shared/inspector.js';
import { BENEFITS } from '../../shared/plans/index.js';
import type { ApiRecord, WorkspaceExport } from './workspace-export.js';

/**
 * The export as CSV files: `employers.csv`, and `plans-KIND.csv` for each kind that has plans. A
 * header row of field names, one row per record; lists joined by `;` (an employer's plan
 * references as `benefit:id`); null as an empty cell. A kind without records gives an empty file.
 *
 * Written for a spreadsheet to open: UTF-8 with a byte-order mark (Excel reads non-ASCII names as
 * such only then), CRLF line ends, and a text cell beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return prefixed with `'` so it is shown as text, never run as a formula (OWASP's advice
 * on CSV injection). Cells holding `;` are quoted too, so Excel set to split on semicolons cannot
 * cut one into a cell that starts a formula.
 */
export function exportCsvFiles(data: WorkspaceExport): ExportFile[] {
  const files = [{ name: 'employers.csv', content: csvTable(data.employers) }];
  for (const benefit of BENEFITS) {
    if (data.plans[benefit].length > 0) files.push({ name: `plans-${benefit}.csv`, content: csvTable(data.plans[benefit]) });
  }
  return files;
}

/** No records, no header: an empty file. */
function csvTable(records: ApiRecord[]): string {
  if (records.length === 0) return '';
  const fields: string[] = [];
  for (const record of records) for (const field of Object.keys(record)) if (!fields.includes(field)) fields.push(field);
  const rows = [fields, ...records.map((record) => fields.map((field) => cellValue(record[field])))];
  return stringify(rows, { bom: true, record_delimiter: 'windows', escape_formulas: true, quoted_match: ';' });
}

/** A number stays a number, so a negative amount is not taken for a formula. */
function cellValue(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item !== null ? Object.values(item).join(':') : cellValue(item))).join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
